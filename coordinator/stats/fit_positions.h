// The positions `tumen fit` learns from: quiet positions of stored games, each labelled with
// its game's result for the side to move. Quiet: past the first plies, the side to move not
// in check, and the move played from it neither a capture nor a promotion (so the static
// evaluation is not in the middle of an exchange), and no mate found by either player's
// search. A uniform sample (reservoir, seeded) keeps at most `max_positions` of them, so the
// games of a large job can be streamed through. A game that repeats an earlier one move for
// move is counted once: a match of two identical deterministic players (main against itself
// at fixed nodes) plays each opening pair's two games alike, and its copy would only double
// the weight of the same positions and the teacher's labelling time.
#ifndef TUMEN_COORDINATOR_STATS_FIT_POSITIONS_H_
#define TUMEN_COORDINATOR_STATS_FIT_POSITIONS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "engine/api/game_session.h"
#include "tumen/v1/game.pb.h"

namespace tumen::coordinator {

class FitPositionSampler {
 public:
  static constexpr int kSkippedPlies = 4;  // after the game's start position (an opening)

  FitPositionSampler(size_t max_positions, uint64_t seed);

  // Adds a game's quiet positions to the sample. Every game must be of one variant and rule
  // set (the first game's); an unfinished game adds nothing, and so does a repeat (above).
  absl::Status Add(const v1::Game& game);

  // Passes over the quiet positions for which `keep` is false (they are not counted as seen):
  // `tumen fit --teacher-cached-only` keeps those its teacher cache already scores, so that
  // the samples of earlier fits pool without new labelling.
  void KeepOnly(std::function<bool(const std::string& fen)> keep) { keep_ = std::move(keep); }

  const std::vector<std::string>& fens() const { return fens_; }
  const std::vector<double>& labels() const { return labels_; }
  uint64_t games() const { return games_; }  // finished games taken, repeats not counted
  uint64_t repeated_games() const { return repeated_games_; }
  uint64_t quiet_positions_seen() const { return seen_; }
  const std::string& variant() const { return variant_; }
  const std::string& rules() const { return rules_; }

 private:
  void Offer(std::string fen, double label);

  size_t max_positions_;
  uint64_t rng_;
  std::string variant_, rules_;
  std::function<bool(const std::string&)> keep_;  // empty: every quiet position
  std::unique_ptr<GameSession> session_;
  std::vector<std::string> fens_;
  std::vector<double> labels_;
  absl::flat_hash_set<size_t> game_hashes_;  // of start position and moves
  uint64_t games_ = 0, repeated_games_ = 0, seen_ = 0;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_FIT_POSITIONS_H_
