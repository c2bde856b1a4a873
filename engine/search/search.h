// One alpha-beta search, written once against the game concept below and instantiated per
// game in engine/api. Iterative deepening, PVS with aspiration windows, quiescence (with
// the table, losing captures pruned by SEE, after two captures only recaptures and checks,
// quiet checks at its first ply), TT cutoffs, null move, reverse futility, futility (of
// captures too) and SEE pruning at low depth, late move reductions (history-adjusted) and
// pruning, check and singular extensions (double, and with multi-cut), killer and
// history ordering (history kept across a game's searches; quiet checks moved up), a static
// evaluation corrected by what the searches learned of its errors per pawn structure and per
// side's other pieces (correction_history.h), MultiPV, Lazy SMP, and a clock budget that
// stretches where the best move is unsettled (time_manager.h). Each step's SPRT result is in
// docs/strength.md.
//
// Threads: Run() is called by one caller thread, which becomes the main search thread and
// starts threads-1 helpers. Helpers share only the transposition table, the stop flag and
// the breadcrumbs (a small table of positions being searched now, used to spread the
// threads over different moves); each owns its position copy, stack and histories. Helpers
// skip some iterations (lazy_smp.h). Stop() and PonderHit() may be called from any thread
// while Run() is in progress. With one thread and a node limit the search is deterministic
// (no clock is read unless the limits have time in them).
//
// The game G provides (see engine/games/shatar/game.h for an example):
//   types Position, StateInfo, Move, MoveList; kHistorySize;
//   GenerateMoves (legal), GenerateTacticalMoves (legal captures/promotions), DoMove, UndoMove,
//   DoNullMove, UndoNullMove, InCheck, Key, IsTactical, TacticalOrder, HistoryIndex,
//   NullMoveAllowed, ImmediateScore, NoMovesScore, Evaluate, EvalSpecs, ToSquare, ToRaw, FromRaw,
//   ToString;
//   optionally SeeGe (static exchange evaluation), MayGiveCheck with CheckHintsOf (a cheap
//   test of the quiet moves that may check, with what it needs of the position worked out
//   once a node), PawnKey and NonPawnKey (for the correction histories); the 8x8 family and
//   Xiangqi have them all.
#ifndef TUMEN_ENGINE_SEARCH_SEARCH_H_
#define TUMEN_ENGINE_SEARCH_SEARCH_H_

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "engine/core/params.h"
#include "engine/core/score.h"
#include "engine/search/correction_history.h"
#include "engine/search/lazy_smp.h"
#include "engine/search/limits.h"
#include "engine/search/search_params.h"
#include "engine/search/time_manager.h"
#include "engine/search/tt.h"

namespace tumen::search {

inline int ValueToTT(int v, int ply) {
  return v >= kMateBound ? v + ply : v <= -kMateBound ? v - ply : v;
}
inline int ValueFromTT(int v, int ply) {
  return v >= kMateBound ? v - ply : v <= -kMateBound ? v + ply : v;
}

template <class G>
class Search {
 public:
  using Position = typename G::Position;
  using StateInfo = typename G::StateInfo;
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  using InfoCallback = std::function<void(const SearchInfo&)>;

  Search(TranspositionTable* tt, const ParamValues* search_params, const ParamValues* eval_params)
      : tt_(tt), sp_(search_params), ep_(eval_params) {}

  void set_threads(int n) { threads_ = std::max(1, n); }

  // Forgets what the move-ordering statistics learned: a new game (`ucinewgame`). Between
  // searches of one game they are kept, as the transposition table is. Call between searches.
  void ClearHistory() {
    histories_.clear();
    time_.NewGame();
  }

  // Searches `root` (whose state chain holds the game history) under `limits`. `on_info`
  // receives progress from the main thread after each completed iteration (may be empty).
  SearchResult Run(const Position& root, const Limits& limits, const InfoCallback& on_info) {
    limits_ = limits;
    stop_.store(false, std::memory_order_relaxed);
    last_report_ = {};
    pondering_.store(limits.ponder, std::memory_order_relaxed);
    start_ = Clock::now();
    time_.Start(
        limits, SideToMove(root),
        {Param(kTimeMovesLeft), Param(kTimeIncrementPercent), Param(kTimeIterationPercent)});
    tt_->NewSearch();
    InitReductions();

    while (int(histories_.size()) < threads_) histories_.push_back(std::make_unique<History>());
    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < threads_; ++i)
      workers.push_back(
          std::make_unique<Worker>(root, i, limits.excluded_moves, histories_[size_t(i)].get()));
    workers_ = &workers;
    std::vector<std::thread> helpers;
    for (int i = 1; i < threads_; ++i)
      helpers.emplace_back([this, w = workers[i].get()] { IterativeDeepening(*w, nullptr); });
    IterativeDeepening(*workers[0], &on_info);
    // An infinite or pondering search reports only when told to stop.
    while ((limits_.infinite || pondering_.load(std::memory_order_relaxed)) &&
           !stop_.load(std::memory_order_relaxed))
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    stop_.store(true, std::memory_order_relaxed);
    for (std::thread& t : helpers) t.join();

    const Worker& best = PickBestThread(workers);
    // The answer must match the last line reported. It may not: the vote may pick a helper's
    // result, and a stopped iteration may already have put a better move (a mate, say) first
    // in the main thread's list after its last report. Report the line the answer is based on.
    if (best.completed_depth > 0 && on_info && !LastReportIs(best.root_moves[0]))
      Report(best, best.completed_depth, 1, on_info);
    SearchResult result;
    result.nodes = TotalNodes();
    result.depth = best.completed_depth;
    workers_ = nullptr;
    if (best.root_moves.empty()) return result;
    const RootMove& rm = best.root_moves[0];
    result.best_move = G::ToString(rm.move);
    result.score = rm.score;
    time_.Finish(rm.score, ElapsedMs());
    if (rm.pv.size() > 1) result.ponder_move = G::ToString(rm.pv[1]);
    return result;
  }

  void Stop() { stop_.store(true, std::memory_order_relaxed); }
  void PonderHit() { pondering_.store(false, std::memory_order_relaxed); }

 private:
  using Clock = std::chrono::steady_clock;

  struct RootMove {
    Move move;
    int score = -kInfiniteScore;
    int previous_score = -kInfiniteScore;
    int seldepth = 0;
    std::vector<Move> pv;
  };

  // Continuation history (how a quiet move fared after each earlier move) costs
  // kHistorySize^2 entries: kept where the index space is small (the 8x8 family, 2 MiB a
  // thread; Hia Shatar and Xiangqi, a few MiB), not for deer chess's raw move indices.
  static constexpr bool kContinuation = G::kHistorySize <= 2048;
  static constexpr int kContinuationSize = kContinuation ? G::kHistorySize : 1;
  // The static evaluation is corrected (correction_history.h) where the game has a pawn key,
  // and by each side's other pieces where it has their keys too.
  static constexpr bool kCorrection = requires(const Position& p) { G::PawnKey(p); };
  static constexpr bool kNonPawnCorrection = requires(const Position& p) { G::NonPawnKey(p, 0); };
  // Whether the game can tell the key after a move before making it (G::KeyAfter), so the
  // child's table bucket is prefetched sooner.
  static constexpr bool kKeyAfter = requires(const Position& p, Move m) { G::KeyAfter(p, m); };
  // Whether the game can tell the quiet moves that may check (G::MayGiveCheck, with what it
  // needs of the position worked out once by G::CheckHintsOf): they are ordered sooner, and
  // quiescence tries them at its first ply.
  static constexpr bool kQuietChecks = requires(const Position& p, Move m) {
    G::MayGiveCheck(p, G::CheckHintsOf(p), m);
  };
  struct NoCheckHints {};
  static auto CheckHintsAt(const Position& pos) {
    if constexpr (kQuietChecks)
      return G::CheckHintsOf(pos);
    else
      return NoCheckHints{};
  }
  using CheckHints = decltype(CheckHintsAt(std::declval<const Position&>()));

  // Move-ordering statistics of one search thread, kept across the searches of a game, all
  // with gravity so that entries stay in +-16384: butterfly history (side, HistoryIndex) and
  // continuation history (the HistoryIndex of the move one or two plies back, HistoryIndex).
  struct History {
    int butterfly[2][G::kHistorySize] = {};
    int16_t continuation[kContinuationSize][kContinuationSize] = {};
    CorrectionHistory correction;
    CorrectionHistory non_pawn_correction[2];  // by the colour of the pieces keyed
  };

  struct Worker {
    Worker(const Position& root, int index, const std::vector<std::string>& excluded,
           History* thread_history)
        : pos(root),
          id(index),
          history(thread_history->butterfly),
          continuation(thread_history->continuation),
          correction(&thread_history->correction),
          non_pawn_correction(thread_history->non_pawn_correction) {
      MoveList moves;
      G::GenerateMoves(pos, moves);
      for (Move m : moves)
        if (excluded.empty() ||
            std::find(excluded.begin(), excluded.end(), G::ToString(m)) == excluded.end())
          root_moves.push_back(RootMove{m, -kInfiniteScore, -kInfiniteScore, 0, {m}});
    }
    Position pos;
    int id;
    std::vector<RootMove> root_moves;
    std::vector<size_t> deferred_root;
    StateInfo states[kMaxPly + 4];
    Move killers[kMaxPly + 4][2] = {};
    Move pv[kMaxPly + 4][kMaxPly + 4] = {};
    int pv_length[kMaxPly + 4] = {};
    // Static evaluation at each ply of the current line; -kInfiniteScore where in check.
    int static_evals[kMaxPly + 4] = {};
    // The move a singular-extension search at that ply leaves out (none elsewhere).
    Move excluded[kMaxPly + 4] = {};
    // How many double extensions the line to each ply took (they are limited per line).
    int double_extensions[kMaxPly + 4] = {};
    int (*history)[G::kHistorySize];             // this thread's History::butterfly
    int16_t (*continuation)[kContinuationSize];  // and its History::continuation
    CorrectionHistory* correction;               // and its History::correction
    CorrectionHistory* non_pawn_correction;      // and its History::non_pawn_correction
    // HistoryIndex of the move made at each ply of the current line (-1: a null move).
    int moved[kMaxPly + 4] = {};
    // The square the move made at each ply went to (-1: a null move), for recaptures.
    int landed[kMaxPly + 4] = {};
    int side_to_move_at_root = 0;
    uint64_t local_nodes = 0;
    std::atomic<uint64_t> nodes{0};  // published copy of local_nodes, read by the main thread
    int seldepth = 0;
    int completed_depth = 0;
    int pv_index = 0;
  };

  int Param(SearchParam p) const { return (*sp_)[p]; }

  void InitReductions() {
    for (int d = 1; d < 64; ++d)
      for (int m = 1; m < 64; ++m)
        reductions_[d][m] =
            (Param(kLmrBase) + int(std::log(d) * std::log(m) * 10000 / Param(kLmrDivisor))) / 100;
  }

  static int SideToMove(const Position& pos) { return pos.side_to_move() == 0 ? 0 : 1; }

  int64_t ElapsedMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  uint64_t TotalNodes() const {
    uint64_t n = 0;
    for (const auto& w : *workers_) n += w->nodes.load(std::memory_order_relaxed);
    return n;
  }

  // Called at every node; the main thread enforces node and time limits.
  bool ShouldStop(Worker& w) {
    if (stop_.load(std::memory_order_relaxed)) return true;  // a stopped search counts no nodes
    ++w.local_nodes;
    w.nodes.store(w.local_nodes, std::memory_order_relaxed);
    if (w.id == 0) {
      if (limits_.nodes) {
        const uint64_t total = threads_ == 1                ? w.local_nodes
                               : (w.local_nodes & 255) == 0 ? TotalNodes()
                                                            : 0;
        if (total >= limits_.nodes) stop_.store(true, std::memory_order_relaxed);
      }
      if (time_.maximum_ms() && (w.local_nodes & 1023) == 0 &&
          !pondering_.load(std::memory_order_relaxed) && ElapsedMs() >= time_.maximum_ms())
        stop_.store(true, std::memory_order_relaxed);
    }
    return stop_.load(std::memory_order_relaxed);
  }

  void IterativeDeepening(Worker& w, const InfoCallback* on_info) {
    if (w.root_moves.empty()) return;
    w.static_evals[0] = G::InCheck(w.pos)
                            ? -kInfiniteScore
                            : CorrectedEval(CorrectionSlotsAt(w, w.pos), G::Evaluate(w.pos, *ep_));
    const int max_depth = limits_.depth > 0 ? std::min(limits_.depth, kMaxPly - 1) : kMaxPly - 1;
    const int multipv = std::min<int>(std::max(1, limits_.multipv), int(w.root_moves.size()));
    for (int depth = 1; depth <= max_depth; ++depth) {
      if (depth < max_depth && HelperSkipsIteration(w.id, depth)) continue;
      for (RootMove& rm : w.root_moves) rm.previous_score = rm.score;
      for (w.pv_index = 0; w.pv_index < multipv; ++w.pv_index) {
        w.seldepth = 0;
        int window = Param(kAspirationWindow);
        const int previous = w.root_moves[w.pv_index].previous_score;
        int alpha = -kInfiniteScore, beta = kInfiniteScore;
        if (depth >= 4 && previous > -kInfiniteScore && !IsMateScore(previous)) {
          alpha = std::max(previous - window, -kInfiniteScore);
          beta = std::min(previous + window, kInfiniteScore);
        }
        while (true) {
          const int value = SearchRoot(w, alpha, beta, depth);
          std::stable_sort(w.root_moves.begin() + w.pv_index, w.root_moves.end(),
                           [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
          if (stop_.load(std::memory_order_relaxed)) break;
          if (value <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(value - window, -kInfiniteScore);
          } else if (value >= beta) {
            beta = std::min(value + window, kInfiniteScore);
          } else {
            break;
          }
          window += window;
        }
        std::stable_sort(w.root_moves.begin(), w.root_moves.begin() + w.pv_index + 1,
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (stop_.load(std::memory_order_relaxed)) break;
      }
      if (stop_.load(std::memory_order_relaxed)) break;
      w.completed_depth = depth;
      if (on_info && *on_info) Report(w, depth, multipv, *on_info);
      // Any thread that completes the depth limit ends a depth-limited search; the vote
      // then weighs every thread's result.
      if (limits_.depth > 0 && depth >= max_depth && !limits_.infinite &&
          !pondering_.load(std::memory_order_relaxed)) {
        stop_.store(true, std::memory_order_relaxed);
        break;
      }
      if (w.id == 0) {
        // Mate found within the depth searched: deeper iterations cannot improve it.
        if (!limits_.infinite && IsMateScore(w.root_moves[0].score) &&
            MateDistance(w.root_moves[0].score) * 2 <= depth && !limits_.ponder)
          break;
        if (time_.adaptive() && !pondering_.load(std::memory_order_relaxed) &&
            time_.IterationEnds(ElapsedMs(), G::ToRaw(w.root_moves[0].move), w.root_moves[0].score,
                                depth))
          break;
      }
    }
    if (w.id == 0 && !limits_.infinite && !pondering_.load(std::memory_order_relaxed))
      stop_.store(true, std::memory_order_relaxed);
  }

  bool LastReportIs(const RootMove& rm) const {
    return last_report_.move == G::ToRaw(rm.move) && last_report_.score == rm.score;
  }

  static int MateDistance(int score) { return score > 0 ? kMateScore - score : kMateScore + score; }

  void Report(const Worker& w, int depth, int multipv, const InfoCallback& on_info) {
    const int64_t ms = ElapsedMs();
    const uint64_t nodes = TotalNodes();
    last_report_ = {G::ToRaw(w.root_moves[0].move), w.root_moves[0].score};
    for (int i = 0; i < multipv; ++i) {
      const RootMove& rm = w.root_moves[i];
      SearchInfo info;
      info.depth = depth;
      info.seldepth = std::max(rm.seldepth, depth);
      info.multipv = i + 1;
      info.score = rm.score;
      if (IsMateScore(rm.score)) {
        info.is_mate = true;
        const int plies = MateDistance(rm.score);
        info.mate_in = rm.score > 0 ? (plies + 1) / 2 : -(plies / 2);
      }
      info.nodes = nodes;
      info.time_ms = ms;
      info.nps = ms > 0 ? nodes * 1000 / uint64_t(ms) : nodes * 1000;
      info.hashfull = tt_->Hashfull();
      for (Move m : rm.pv) info.pv.push_back(G::ToString(m));
      on_info(info);
    }
  }

  // Lazy SMP vote: each thread's best move weighted by its depth and score margin.
  const Worker& PickBestThread(const std::vector<std::unique_ptr<Worker>>& workers) const {
    const Worker* best = workers[0].get();
    // A thread stopped before it completed an iteration has no result. The main thread can be
    // one when more threads than cores run and another finished the depth limit first.
    for (const auto& w : workers)
      if (best->completed_depth == 0 && w->completed_depth > 0) best = w.get();
    if (workers.size() == 1 || limits_.multipv > 1) return *best;
    int min_score = kInfiniteScore;
    for (const auto& w : workers)
      if (!w->root_moves.empty() && w->completed_depth > 0)
        min_score = std::min(min_score, w->root_moves[0].score);
    std::map<uint16_t, int64_t> votes;
    for (const auto& w : workers) {
      if (w->root_moves.empty() || w->completed_depth == 0) continue;
      votes[G::ToRaw(w->root_moves[0].move)] +=
          int64_t(w->root_moves[0].score - min_score + 14) * w->completed_depth;
    }
    for (const auto& w : workers) {
      if (w->root_moves.empty() || w->completed_depth == 0) continue;
      const RootMove& mine = w->root_moves[0];
      const RootMove& theirs = best->root_moves[0];
      if (IsMateScore(mine.score) && mine.score > theirs.score) {
        best = w.get();  // a proven faster mate wins outright
      } else if (!IsMateScore(theirs.score) &&
                 votes[G::ToRaw(mine.move)] > votes[G::ToRaw(theirs.move)]) {
        best = w.get();
      }
    }
    return *best;
  }

  int SearchRoot(Worker& w, int alpha, int beta, int depth) {
    Position& pos = w.pos;
    int best = -kInfiniteScore;
    // Lazy SMP deferral at the root: a root move whose subtree another thread is searching
    // now is searched last (see OtherThreadSearching).
    w.deferred_root.clear();
    const size_t first = size_t(w.pv_index), count = w.root_moves.size() - first;
    for (size_t n = 0; n < count + w.deferred_root.size(); ++n) {
      const size_t i = n < count ? first + n : w.deferred_root[n - count];
      RootMove& rm = w.root_moves[i];
      w.moved[0] = G::HistoryIndex(pos, rm.move);
      w.landed[0] = G::ToSquare(rm.move);
      G::DoMove(pos, rm.move, w.states[0]);
      if (n < count && n > 0 && OtherThreadSearching(w, G::Key(pos), 1)) {
        G::UndoMove(pos, rm.move);
        w.deferred_root.push_back(i);
        continue;
      }
      const bool gives_check = G::InCheck(pos);
      const int new_depth = depth - 1 + (gives_check ? 1 : 0);
      int value;
      w.pv_length[1] = 0;
      if (i == size_t(w.pv_index)) {
        value = -AlphaBeta(w, -beta, -alpha, new_depth, 1, true);
      } else {
        value = -AlphaBeta(w, -alpha - 1, -alpha, new_depth, 1, true);
        if (value > alpha && value < beta) value = -AlphaBeta(w, -beta, -alpha, new_depth, 1, true);
      }
      G::UndoMove(pos, rm.move);
      if (stop_.load(std::memory_order_relaxed)) return best;
      if (i == size_t(w.pv_index) || value > alpha) {
        rm.score = value;
        rm.seldepth = w.seldepth;
        rm.pv.assign(1, rm.move);
        for (int k = 0; k < w.pv_length[1]; ++k) rm.pv.push_back(w.pv[1][k]);
      } else {
        rm.score = -kInfiniteScore;  // not better than alpha: keep behind the best
      }
      if (value > best) best = value;
      if (value > alpha) {
        alpha = value;
        if (value >= beta) break;
      }
    }
    return best;
  }

  // Starts loading the table bucket of the position after `m` while the move is being made,
  // where the game can tell that key beforehand (kKeyAfter): the child's first probe then
  // waits less for memory. Other games prefetch after the move (PrefetchAfterMove).
  void PrefetchBeforeMove(const Position& pos, Move m) const {
    if constexpr (kKeyAfter) tt_->Prefetch(G::KeyAfter(pos, m));
  }
  void PrefetchAfterMove(const Position& pos) const {
    if constexpr (!kKeyAfter) tt_->Prefetch(G::Key(pos));
  }

  // Static exchange evaluation where the game has one (G::SeeGe); elsewhere every exchange
  // counts as good enough, so nothing is pruned or put back for it.
  static bool SeeGe(const Position& pos, Move m, int threshold) {
    if constexpr (requires { G::SeeGe(pos, m, threshold); })
      return G::SeeGe(pos, m, threshold);
    else
      return true;
  }

  // The moves one and two plies back, whose continuation histories rate a quiet move here
  // (-1 where there is none: the root, or a null move).
  struct Context {
    int side, previous1, previous2;
  };
  static Context ContextAt(const Worker& w, const Position& pos, int ply) {
    return {SideToMove(pos), ply >= 1 ? w.moved[ply - 1] : -1, ply >= 2 ? w.moved[ply - 2] : -1};
  }

  // A quiet move's history: butterfly plus its continuation after the two previous moves.
  static int QuietHistory(const Worker& w, const Context& c, int index) {
    int h = w.history[c.side][index];
    if constexpr (kContinuation) {
      if (c.previous1 >= 0) h += w.continuation[c.previous1][index];
      if (c.previous2 >= 0) h += w.continuation[c.previous2][index];
    }
    return h;
  }

  void ScoreMoves(const Worker& w, const Position& pos, const MoveList& moves, int* scores,
                  Move tt_move, int ply) const {
    const Context context = ContextAt(w, pos, ply);
    CheckHints hints;  // worked out at the first quiet move that needs them
    bool have_hints = false;
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (m == tt_move)
        scores[i] = 1 << 30;
      else if (G::IsTactical(pos, m))
        // A capture that loses material in the exchange comes after every quiet move.
        scores[i] = (SeeGe(pos, m, 0) ? (1 << 28) : -(1 << 28)) + G::TacticalOrder(pos, m);
      else if (m == w.killers[ply][0])
        scores[i] = (1 << 27) + 1;
      else if (m == w.killers[ply][1])
        scores[i] = 1 << 27;
      else {
        if (!have_hints) hints = CheckHintsAt(pos), have_hints = true;
        scores[i] =
            QuietHistory(w, context, G::HistoryIndex(pos, m)) + QuietCheckOrder(pos, hints, m);
      }
    }
  }

  // A quiet check that does not lose material in the exchange is tried sooner (Stockfish's
  // move picker): the reply is forced, and the history tables do not know it is a check.
  int QuietCheckOrder(const Position& pos, const CheckHints& hints, Move m) const {
    if constexpr (kQuietChecks)
      return G::MayGiveCheck(pos, hints, m) && SeeGe(pos, m, -Param(kQuietCheckSeeMargin))
                 ? Param(kQuietCheckOrder)
                 : 0;
    else
      return 0;
  }

  // Selection sort step: moves the best remaining move to position i.
  static void PickNext(MoveList& moves, int* scores, int i) {
    int best = i;
    for (int j = i + 1; j < moves.size(); ++j)
      if (scores[j] > scores[best]) best = j;
    std::swap(moves[i], moves[best]);
    std::swap(scores[i], scores[best]);
  }

  template <class Entry>
  static void UpdateHistory(Entry& entry, int bonus) {
    entry = Entry(entry + bonus - entry * std::abs(bonus) / 16384);
  }

  // A quiet cutoff's history bonus (its malus for the quiet moves tried before it).
  int HistoryBonus(int depth) const {
    return std::min(Param(kHistoryBonusScale) * depth - Param(kHistoryBonusScale) / 2,
                    Param(kHistoryBonusMax));
  }

  // Adds `bonus` to a quiet move's butterfly and continuation histories.
  static void UpdateQuietHistory(Worker& w, const Context& c, int index, int bonus) {
    UpdateHistory(w.history[c.side][index], bonus);
    if constexpr (kContinuation) {
      if (c.previous1 >= 0) UpdateHistory(w.continuation[c.previous1][index], bonus);
      if (c.previous2 >= 0) UpdateHistory(w.continuation[c.previous2][index], bonus);
    }
  }

  // The correction-history entries of a position (its pawn structure's, each side's other
  // pieces'), found once a node: its static evaluation reads them, its result teaches them.
  static constexpr int kCorrectionTables = !kCorrection ? 0 : kNonPawnCorrection ? 3 : 1;
  using CorrectionSlots = std::array<int16_t*, kCorrectionTables>;

  static CorrectionSlots CorrectionSlotsAt(const Worker& w, const Position& pos) {
    CorrectionSlots slots{};
    if constexpr (kCorrection) {
      const int side = SideToMove(pos);
      slots[0] = &w.correction->Slot(side, G::PawnKey(pos));
      if constexpr (kNonPawnCorrection)
        for (int c = 0; c < 2; ++c)
          slots[size_t(1 + c)] = &w.non_pawn_correction[c].Slot(side, G::NonPawnKey(pos, c));
    }
    return slots;
  }

  // The static evaluation `raw` plus what the correction histories learned for the position.
  int CorrectedEval(const CorrectionSlots& slots, int raw) const {
    if constexpr (kCorrection) {
      int sum = 0;
      for (const int16_t* entry : slots) sum += *entry;
      return std::clamp(raw + sum / Param(kCorrectionDivisor), -kMateBound + 1, kMateBound - 1);
    } else {
      return raw;
    }
  }

  // Each entry moves towards the error a search found (CorrectionHistory::Learn).
  static void UpdateCorrections(const CorrectionSlots& slots, int best, int static_eval,
                                int depth) {
    for (int16_t* entry : slots) CorrectionHistory::Learn(*entry, best, static_eval, depth);
  }

  int AlphaBeta(Worker& w, int alpha, int beta, int depth, int ply, bool allow_null) {
    const bool pv_node = beta - alpha > 1;
    w.pv_length[ply] = 0;
    if (depth <= 0) return Quiescence(w, alpha, beta, ply, true);
    if (ShouldStop(w)) return 0;
    Position& pos = w.pos;
    w.seldepth = std::max(w.seldepth, ply);
    if (const auto immediate = G::ImmediateScore(pos, ply)) return *immediate;
    // Mate distance pruning.
    alpha = std::max(alpha, MatedIn(ply));
    beta = std::min(beta, MateIn(ply + 1));
    if (alpha >= beta) return alpha;
    if (ply >= kMaxPly - 2) return G::Evaluate(pos, *ep_);

    const bool in_check = G::InCheck(pos);
    const uint64_t key = G::Key(pos);
    const std::optional<TTData> tt = tt_->Probe(key);
    const Move tt_move = tt ? G::FromRaw(tt->move) : Move();
    // A singularity test searches this position again without one move: the table's value
    // (which includes that move) says nothing about it, and its result must not be stored.
    const Move excluded = w.excluded[ply];
    if (tt && !pv_node && !excluded && tt->depth >= depth) {
      const int v = ValueFromTT(tt->value, ply);
      if (tt->bound == Bound::kExact || (tt->bound == Bound::kLower && v >= beta) ||
          (tt->bound == Bound::kUpper && v <= alpha)) {
        // A quiet table move that cuts the node again earns the history bonus of a searched
        // cutoff (Stockfish's): the table saved its search, not its lesson.
        if (v >= beta && tt_move && !G::IsTactical(pos, tt_move))
          UpdateQuietHistory(w, ContextAt(w, pos, ply), G::HistoryIndex(pos, tt_move),
                             HistoryBonus(depth));
        return v;
      }
    }
    // Internal iterative reduction: a node the table knows no move for is searched one ply
    // shallower; the move found there orders the deeper search when the node comes back.
    if (depth >= 4 && !tt_move) --depth;

    int raw_eval = 0;  // the evaluation as the table keeps it, before the correction
    int static_eval = -kInfiniteScore;
    int eval = -kInfiniteScore;  // static_eval, or the table's value where its bound is closer
    CorrectionSlots corrections{};
    if (!in_check) {
      raw_eval = tt ? tt->eval : G::Evaluate(pos, *ep_);
      corrections = CorrectionSlotsAt(w, pos);
      static_eval = eval = CorrectedEval(corrections, raw_eval);
      // A table value that bounds the position beyond the static evaluation is the better
      // guess for the pruning decisions below (never a mate score).
      if (tt) {
        const int v = ValueFromTT(tt->value, ply);
        if (!IsMateScore(v) &&
            (tt->bound == Bound::kExact || (tt->bound == Bound::kLower && v > eval) ||
             (tt->bound == Bound::kUpper && v < eval)))
          eval = v;
      }
    }
    // Improving: the static evaluation rose since our previous move (two plies back, or four
    // where that one was in check). A position getting better for us is pruned more readily
    // above beta and its late moves reduced less.
    w.static_evals[ply] = static_eval;
    bool improving = false;
    if (!in_check) {
      const int before = ply >= 2 && w.static_evals[ply - 2] != -kInfiniteScore
                             ? w.static_evals[ply - 2]
                         : ply >= 4 ? w.static_evals[ply - 4]
                                    : -kInfiniteScore;
      improving = before == -kInfiniteScore || static_eval > before;
    }
    if (!in_check && !excluded) {
      // Reverse futility: far above beta at low depth, a quiet move will not drop it.
      if (!pv_node && depth <= Param(kReverseFutilityDepth) && !IsMateScore(beta) &&
          eval - Param(kReverseFutilityMargin) * (depth - improving) >= beta)
        return eval;
      // Null move: give the opponent a free move; still above beta means a cutoff. Only
      // where the static evaluation stands clear of beta: the free move hands the opponent
      // the tempo bonus, so closer to beta it almost never cuts (4% against 80%, measured).
      if (!pv_node && allow_null && depth >= Param(kNullMoveMinDepth) && eval >= beta &&
          static_eval >= beta + kNullMoveMargin && G::NullMoveAllowed(pos)) {
        const int r = Param(kNullMoveBase) + depth / Param(kNullMoveDepthDivisor);
        w.moved[ply] = w.landed[ply] = -1;
        G::DoNullMove(pos, w.states[ply]);
        const int v = -AlphaBeta(w, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
        G::UndoNullMove(pos);
        if (stop_.load(std::memory_order_relaxed)) return 0;
        if (v >= beta) return IsMateScore(v) ? beta : v;
      }
    }

    MoveList moves;
    G::GenerateMoves(pos, moves);
    if (moves.empty()) return G::NoMovesScore(pos, ply);
    int scores[MoveList::kCapacity];
    ScoreMoves(w, pos, moves, scores, tt_move, ply);
    const BreadcrumbHold breadcrumb(*this, w, key, ply);

    const Context context = ContextAt(w, pos, ply);
    const int original_alpha = alpha;
    int best = -kInfiniteScore;
    Move best_move;
    int quiets_tried[64];
    int quiet_count = 0;
    int deferred[kMaxDeferred];  // indices into `moves` put off to a second pass
    int deferred_count = 0;
    for (int n = 0; n < moves.size() + deferred_count; ++n) {
      const bool first_pass = n < moves.size();
      if (first_pass) PickNext(moves, scores, n);
      const int i = first_pass ? n : deferred[n - moves.size()];
      const Move m = moves[i];
      if (m == excluded) continue;
      const bool tactical = G::IsTactical(pos, m);
      const int history_index = G::HistoryIndex(pos, m);
      bool futile_capture = false;
      // Late move pruning: at low depth, quiet moves far down the list are skipped; a third
      // sooner where the position is not improving (Stockfish halves its count there).
      if (!pv_node && !in_check && !tactical && depth <= Param(kLateMovePruningDepth) &&
          best > -kMateBound &&
          i >= (Param(kLateMovePruningBase) + depth * depth * Param(kLateMovePruningScale) / 10) *
                   (improving ? 3 : 2) / 3)
        continue;
      // Low depth, once a move has been searched: a quiet move whose static evaluation plus
      // a margin cannot reach alpha (futility), and a move that loses more material in the
      // exchange than the remaining depth is likely to win back (SEE), are not searched.
      if (!pv_node && !in_check && best > -kMateBound && depth <= Param(kLowDepthPruningDepth)) {
        if (!tactical && eval + Param(kFutilityBase) + Param(kFutilityMargin) * depth <= alpha)
          continue;
        // Capture futility (Stockfish's): a capture whose exchange, with a margin, cannot lift
        // the static evaluation to alpha; unless it checks, which is known after the move.
        const int capture_margin = kCaptureFutilityBase + kCaptureFutilityPerPly * depth;
        futile_capture = tactical && m != tt_move && static_eval + capture_margin <= alpha &&
                         !SeeGe(pos, m, alpha - static_eval - capture_margin + 1);
        // A capture ordered among the winning ones (scores[i] > 0, not the table move) already
        // passed SeeGe(0), so it passes a negative margin: no second exchange evaluation.
        const bool known_good = tactical && scores[i] > 0 && m != tt_move;
        const int see_margin =
            tactical ? -Param(kSeeCaptureMargin) * depth : -Param(kSeeQuietMargin) * depth * depth;
        if (!known_good && !SeeGe(pos, m, see_margin)) continue;
      }
      // Singular extension: when the table move, searched shallower without it, is the only
      // move that holds the table's value, it is searched one ply deeper, and two plies where
      // the others fall well short (off the principal variation, a few times a line). When
      // even the others reach beta, several moves refute the line and the node fails high
      // at once.
      int extension = 0;
      if (m == tt_move && !excluded && ply > 0 && depth >= Param(kSingularDepth) &&
          tt->depth >= depth - Param(kSingularTableDepth) && tt->bound != Bound::kUpper &&
          !IsMateScore(ValueFromTT(tt->value, ply))) {
        const int singular_beta = ValueFromTT(tt->value, ply) - Param(kSingularMargin) * depth;
        w.excluded[ply] = m;
        const int v = AlphaBeta(w, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
        w.excluded[ply] = Move();
        if (stop_.load(std::memory_order_relaxed)) return 0;
        if (v < singular_beta)
          extension = !pv_node && v < singular_beta - kDoubleExtensionMargin &&
                              w.double_extensions[ply] < kMaxDoubleExtensions
                          ? 2
                          : 1;
        else if (singular_beta >= beta)
          return singular_beta;
      }
      w.moved[ply] = history_index;
      w.landed[ply] = G::ToSquare(m);
      PrefetchBeforeMove(pos, m);
      G::DoMove(pos, m, w.states[ply]);
      if (first_pass && i > 0 && deferred_count < kMaxDeferred &&
          OtherThreadSearching(w, G::Key(pos), ply + 1)) {
        G::UndoMove(pos, m);
        deferred[deferred_count++] = i;
        continue;
      }
      const bool gives_check = G::InCheck(pos);
      if (futile_capture && !gives_check) {
        G::UndoMove(pos, m);
        continue;
      }
      PrefetchAfterMove(pos);  // the child probes the table first
      w.double_extensions[ply + 1] = w.double_extensions[ply] + (extension == 2 ? 1 : 0);
      int new_depth =
          depth - 1 +
          (ply < 2 * kMaxPly / 3 ? std::max(extension, std::min(1, extension + gives_check)) : 0);
      int value;
      if (i == 0) {
        value = -AlphaBeta(w, -beta, -alpha, new_depth, ply + 1, true);
      } else {
        int r = 0;
        if (depth >= Param(kLmrMinDepth) && !tactical && !in_check) {
          // Moves with a good history are reduced less, moves with a bad one more. A quiet
          // check is reduced a ply less than other quiet moves, but late in the list it is
          // reduced too: most such checks are spite checks.
          r = reductions_[std::min(depth, 63)][std::min(i + 1, 63)] - (pv_node ? 1 : 0) +
              (improving ? 0 : 1) + (breadcrumb.other_thread() ? 1 : 0) - (gives_check ? 1 : 0) -
              w.history[context.side][history_index] / Param(kLmrHistoryDivisor);
          r = std::clamp(r, 0, new_depth - 1);
        }
        const int reduced_depth = new_depth - r;
        value = -AlphaBeta(w, -alpha - 1, -alpha, reduced_depth, ply + 1, true);
        if (value > alpha && r > 0) {
          // The reduced search failed high: far above alpha, the full search goes a ply
          // deeper; barely above the best so far, a ply shallower (Stockfish's).
          new_depth += (value > alpha + kDeeperMargin + kDeeperPerPly * r ? 1 : 0) -
                       (best > -kInfiniteScore && value < best + new_depth ? 1 : 0);
          if (new_depth > reduced_depth)
            value = -AlphaBeta(w, -alpha - 1, -alpha, new_depth, ply + 1, true);
        }
        if (pv_node && value > alpha && value < beta)
          value = -AlphaBeta(w, -beta, -alpha, new_depth, ply + 1, true);
      }
      G::UndoMove(pos, m);
      if (stop_.load(std::memory_order_relaxed)) return 0;
      if (value > best) {
        best = value;
        if (value > alpha) {
          best_move = m;
          alpha = value;
          if (pv_node) {
            w.pv[ply][0] = m;
            for (int k = 0; k < w.pv_length[ply + 1]; ++k) w.pv[ply][k + 1] = w.pv[ply + 1][k];
            w.pv_length[ply] = w.pv_length[ply + 1] + 1;
          }
          if (value >= beta) {
            if (!tactical) {
              if (w.killers[ply][0] != m) {
                w.killers[ply][1] = w.killers[ply][0];
                w.killers[ply][0] = m;
              }
              const int bonus = HistoryBonus(depth);
              UpdateQuietHistory(w, context, history_index, bonus);
              for (int k = 0; k < quiet_count; ++k)
                UpdateQuietHistory(w, context, quiets_tried[k], -bonus);
            }
            break;
          }
        }
      }
      if (!tactical && quiet_count < 64) quiets_tried[quiet_count++] = history_index;
    }

    if (excluded) return best == -kInfiniteScore ? alpha : best;
    // The result teaches the correction history unless a capture won it (it says more about
    // the exchange than about the evaluation) or it bounds the near side of the evaluation.
    if constexpr (kCorrection) {
      if (!in_check && !(best_move && G::IsTactical(pos, best_move)) && !IsMateScore(best) &&
          !(best >= beta && best <= static_eval) &&
          !(best <= original_alpha && best >= static_eval))
        UpdateCorrections(corrections, best, static_eval, depth);
    }
    TTData entry;
    entry.move = G::ToRaw(best_move ? best_move : tt_move);
    entry.value = int16_t(ValueToTT(best, ply));
    entry.eval = int16_t(raw_eval);
    entry.depth = int8_t(depth);
    entry.bound = best >= beta            ? Bound::kLower
                  : best > original_alpha ? Bound::kExact
                                          : Bound::kUpper;
    tt_->Store(key, entry);
    return best;
  }

  // Captures and promotions only (every evasion when in check), from a stand-pat score; at
  // its first ply (`checks`), also the quiet checks that do not lose material, where the game
  // can tell them cheaply (G::MayGiveCheck): a check the stand-pat score cannot see may be
  // mate or win material. Its results go to the transposition table at depth 0 (-1 without
  // the checks), so a position met again in another quiescence search, or as a depth-1 node's
  // child, is not searched twice.
  int Quiescence(Worker& w, int alpha, int beta, int ply, bool checks) {
    if (ShouldStop(w)) return 0;
    Position& pos = w.pos;
    w.seldepth = std::max(w.seldepth, ply);
    if (const auto immediate = G::ImmediateScore(pos, ply)) return *immediate;
    if (ply >= kMaxPly - 2) return G::Evaluate(pos, *ep_);
    const bool pv_node = beta - alpha > 1;
    const uint64_t key = G::Key(pos);
    const std::optional<TTData> tt = tt_->Probe(key);
    if (tt && !pv_node && tt->depth >= QuiescenceDepth(checks)) {
      const int v = ValueFromTT(tt->value, ply);
      if (tt->bound == Bound::kExact || (tt->bound == Bound::kLower && v >= beta) ||
          (tt->bound == Bound::kUpper && v <= alpha))
        return v;
    }
    const bool in_check = G::InCheck(pos);
    MoveList moves;
    int best = -kInfiniteScore;
    int raw_eval = 0, static_eval = 0;
    const int original_alpha = alpha;
    if (in_check) {
      // Every evasion is searched; no evasion is mate (or what the rules make of it).
      G::GenerateMoves(pos, moves);
      if (moves.empty()) return G::NoMovesScore(pos, ply);
    } else {
      raw_eval = tt ? tt->eval : G::Evaluate(pos, *ep_);
      static_eval = best = CorrectedEval(CorrectionSlotsAt(w, pos), raw_eval);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
      G::GenerateTacticalMoves(pos, moves);
    }
    const Move tt_move = tt ? G::FromRaw(tt->move) : Move();
    int scores[MoveList::kCapacity];
    ScoreMoves(w, pos, moves, scores, tt_move, std::min(ply, kMaxPly));
    Move best_move;
    // Takes a move's value; true when it reaches beta.
    const auto raise = [&](int value, Move m) {
      if (value <= best) return false;
      best = value;
      if (value <= alpha) return false;
      best_move = m;
      alpha = value;
      return value >= beta;
    };
    for (int i = 0; i < moves.size(); ++i) {
      PickNext(moves, scores, i);
      const Move m = moves[i];
      // Captures that lose material in the exchange (scored below zero, so they are sorted
      // last) cannot raise a stand-pat score.
      if (!in_check && scores[i] < 0) break;
      // Delta pruning: a capture whose exchange, plus a margin for the positional change,
      // cannot lift the stand-pat score to alpha is not searched.
      if (!in_check && m != tt_move && static_eval + Param(kQsDeltaMargin) <= alpha &&
          !SeeGe(pos, m, alpha - static_eval - Param(kQsDeltaMargin) + 1))
        continue;
      // Move-count pruning (Stockfish's): after two captures, only recaptures and checks.
      const bool late = !in_check && i >= 2 && best > -kMateBound &&
                        (ply == 0 || G::ToSquare(m) != w.landed[ply - 1]);
      w.moved[ply] = G::HistoryIndex(pos, m);  // an evasion's continuation below
      w.landed[ply] = G::ToSquare(m);
      PrefetchBeforeMove(pos, m);
      G::DoMove(pos, m, w.states[ply]);
      if (late && !G::InCheck(pos)) {
        G::UndoMove(pos, m);
        continue;
      }
      PrefetchAfterMove(pos);
      const int value = -Quiescence(w, -beta, -alpha, ply + 1, false);
      G::UndoMove(pos, m);
      if (stop_.load(std::memory_order_relaxed)) return 0;
      if (raise(value, m)) break;
    }
    if constexpr (kQuietChecks) {
      if (checks && !in_check && best < beta) {
        MoveList all;
        G::GenerateMoves(pos, all);
        const CheckHints hints = CheckHintsAt(pos);
        for (const Move m : all) {
          if (G::IsTactical(pos, m) || !G::MayGiveCheck(pos, hints, m) || !SeeGe(pos, m, 0))
            continue;
          w.moved[ply] = G::HistoryIndex(pos, m);
          w.landed[ply] = G::ToSquare(m);
          G::DoMove(pos, m, w.states[ply]);
          if (!G::InCheck(pos)) {
            G::UndoMove(pos, m);
            continue;
          }
          const int value = -Quiescence(w, -beta, -alpha, ply + 1, false);
          G::UndoMove(pos, m);
          if (stop_.load(std::memory_order_relaxed)) return 0;
          if (raise(value, m)) break;
        }
      }
    }
    TTData entry;
    entry.move = G::ToRaw(best_move ? best_move : tt_move);
    entry.value = int16_t(ValueToTT(best, ply));
    entry.eval = int16_t(raw_eval);
    entry.depth = int8_t(QuiescenceDepth(checks));
    entry.bound = best >= beta            ? Bound::kLower
                  : best > original_alpha ? Bound::kExact
                                          : Bound::kUpper;
    tt_->Store(key, entry);
    return best;
  }

  // The table depth of a quiescence result: one that tried the quiet checks answers for one
  // that would not, not the other way round.
  static int QuiescenceDepth(bool checks) { return checks ? 0 : -1; }

  TranspositionTable* tt_;
  const ParamValues* sp_;
  const ParamValues* ep_;
  int threads_ = 1;
  Limits limits_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> pondering_{false};
  Clock::time_point start_;
  TimeManager time_;
  struct {
    uint16_t move = 0;
    int score = -kInfiniteScore;
  } last_report_;  // best move and score of the last line reported in this search
  int reductions_[64][64] = {};
  std::vector<std::unique_ptr<Worker>>* workers_ = nullptr;
  std::vector<std::unique_ptr<History>> histories_;  // one per thread, kept between searches

  // Lazy SMP breadcrumbs: near the root a thread marks the position it is searching; another
  // thread that arrives at the same position meanwhile reduces its late moves one ply more,
  // so the threads spread over different subtrees instead of repeating one. Slots are
  // claimed and released with relaxed atomics; a lost race only costs the hint.
  struct Breadcrumb {
    std::atomic<int> thread{-1};
    std::atomic<uint64_t> key{0};
  };
  static constexpr int kBreadcrumbPlies = 8;
  static constexpr int kMaxDeferred = 64;
  // The null move is tried only this far above beta (about twice the tempo; docs/strength.md,
  // "Where Tumen's nodes go").
  static constexpr int kNullMoveMargin = 25;
  // A singular table move is extended two plies where the others fall this far below the
  // singular bound, at most this many times a line.
  static constexpr int kDoubleExtensionMargin = 20;
  static constexpr int kMaxDoubleExtensions = 8;
  // A late move's full search after its reduced one failed high goes a ply deeper from this
  // far above alpha (plus so much per ply of the reduction).
  static constexpr int kDeeperMargin = 50;
  static constexpr int kDeeperPerPly = 8;
  // A capture at low depth is futile where its exchange, plus this much and so much per ply,
  // cannot lift the static evaluation to alpha.
  static constexpr int kCaptureFutilityBase = 150;
  static constexpr int kCaptureFutilityPerPly = 100;
  std::array<Breadcrumb, 1024> breadcrumbs_;

  // ABDADA's deferral on the breadcrumbs: when the position after a late move is being
  // searched by another thread right now, this thread searches its other moves first and
  // comes back to that one last, when the other thread's result is likely in the table.
  // Always false with one thread, so single-thread search stays deterministic.
  bool OtherThreadSearching(const Worker& w, uint64_t key, int ply) const {
    if (threads_ < 2 || ply >= kBreadcrumbPlies) return false;
    const Breadcrumb& b = breadcrumbs_[key & (breadcrumbs_.size() - 1)];
    const int thread = b.thread.load(std::memory_order_relaxed);
    return thread >= 0 && thread != w.id && b.key.load(std::memory_order_relaxed) == key;
  }

  class BreadcrumbHold {
   public:
    BreadcrumbHold(Search& s, const Worker& w, uint64_t key, int ply) {
      if (s.threads_ < 2 || ply >= kBreadcrumbPlies) return;
      Breadcrumb& b = s.breadcrumbs_[key & (s.breadcrumbs_.size() - 1)];
      int expected = -1;
      if (b.thread.compare_exchange_strong(expected, w.id, std::memory_order_relaxed)) {
        b.key.store(key, std::memory_order_relaxed);
        held_ = &b;
      } else {
        other_thread_ = expected != w.id && b.key.load(std::memory_order_relaxed) == key;
      }
    }
    ~BreadcrumbHold() {
      if (held_) held_->thread.store(-1, std::memory_order_relaxed);
    }
    BreadcrumbHold(const BreadcrumbHold&) = delete;
    BreadcrumbHold& operator=(const BreadcrumbHold&) = delete;
    // Another thread is searching this position now.
    bool other_thread() const { return other_thread_; }

   private:
    Breadcrumb* held_ = nullptr;
    bool other_thread_ = false;
  };
};

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_SEARCH_H_
