#include "engine/book/book_export.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/book/polyglot.h"
#include "engine/core/status_macros.h"
#include "engine/games/shatar/position.h"
#include "engine/games/shatar/rule_options.h"
#include "engine/games/shatar/rules.h"

namespace tumen::book {
namespace {

// Entries grouped by position, in key order.
std::map<uint64_t, std::vector<const BookEntry*>> ByPosition(const OpeningBook& book) {
  std::map<uint64_t, std::vector<const BookEntry*>> out;
  for (const BookEntry& e : book.entries()) out[e.key].push_back(&e);
  return out;
}

// Depth-first walk of the book's moves of positive weight; `visit(path, last_entry)` is called
// for every node below the root. Returns false to stop descending.
absl::Status Walk(const OpeningBook& book, GameSession& session, const BookWalk& walk,
                  const std::function<bool(const std::vector<std::string>&, const BookEntry&,
                                           bool leaf)>& visit) {
  const std::string root = walk.root_fen.empty() ? session.StartFen() : walk.root_fen;
  std::vector<std::string> path;
  std::function<absl::Status()> descend = [&]() -> absl::Status {
    TUMEN_RETURN_IF_ERROR(session.SetPosition(root, path));
    std::vector<BookEntry> moves;
    for (const BookEntry& e : book.Probe(session.Key()))
      if (e.weight > 0) moves.push_back(e);
    for (const BookEntry& e : moves) {
      path.push_back(e.move);
      TUMEN_RETURN_IF_ERROR(session.SetPosition(root, path));
      bool has_children = false;
      for (const BookEntry& next : book.Probe(session.Key())) has_children |= next.weight > 0;
      const bool leaf = int(path.size()) >= walk.max_plies || !has_children;
      if (visit(path, e, leaf) && !leaf) TUMEN_RETURN_IF_ERROR(descend());
      path.pop_back();
    }
    return absl::OkStatus();
  };
  return descend();
}

}  // namespace

absl::Status ExportPolyglot(const OpeningBook& book, const std::string& path) {
  absl::StatusOr<shatar::ShatarRules> preset = shatar::RulesForVariant(book.variant());
  if (!preset.ok())
    return absl::InvalidArgumentError(absl::StrCat(
        "Polyglot books exist for the 8x8 games only, not for '", book.variant(), "'"));
  TUMEN_ASSIGN_OR_RETURN(const shatar::ShatarRules rules,
                         shatar::ApplyRuleOptions(*preset, book.rules()));
  std::vector<PolyglotEntry> out;
  for (const auto& [key, entries] : ByPosition(book)) {
    const std::string fen = book.FenOf(key);
    if (fen.empty()) return absl::DataLossError(absl::StrCat("book position ", key, " has no FEN"));
    shatar::Position pos;
    shatar::StateInfo st;
    if (absl::Status s = pos.Set(rules, fen, &st); !s.ok())
      return absl::DataLossError(absl::StrCat("book position '", fen, "': ", s.message()));
    std::vector<const BookEntry*> kept;
    std::vector<double> weights;
    for (const BookEntry* e : entries)
      if (e->weight > 0) kept.push_back(e), weights.push_back(e->weight);
    if (kept.empty()) continue;
    TUMEN_ASSIGN_OR_RETURN(const std::vector<uint16_t> scaled, ScaleWeights(weights));
    for (size_t i = 0; i < kept.size(); ++i) {
      TUMEN_ASSIGN_OR_RETURN(PolyglotEntry entry, MakePolyglotEntry(pos, kept[i]->move, scaled[i]));
      out.push_back(entry);
    }
  }
  return WritePolyglot(std::move(out), path);
}

absl::StatusOr<std::string> BookToEpd(const OpeningBook& book) {
  TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> session,
                         CreateGameSession(book.variant(), book.rules()));
  std::string out;
  for (const auto& [key, entries] : ByPosition(book)) {
    const std::string fen = book.FenOf(key);
    if (fen.empty()) continue;
    if (absl::Status s = session->SetPosition(fen, {}); !s.ok())
      return absl::DataLossError(absl::StrCat("book position '", fen, "': ", s.message()));
    const std::vector<absl::string_view> fields = absl::StrSplit(fen, ' ');
    const size_t epd_fields = std::min<size_t>(4, fields.size());
    std::vector<std::string> best, comment;
    for (const BookEntry* e : entries) {
      if (e->weight > 0 && e->weight == entries.front()->weight)
        best.push_back(session->ToSan(e->move));
      comment.push_back(absl::StrCat(e->move, " ", e->games, "g ", e->first_wins, "/", e->draws,
                                     "/", e->second_wins, " ", e->mean_score_cp, "cp w",
                                     e->weight));
    }
    absl::StrAppend(&out, absl::StrJoin(fields.begin(), fields.begin() + long(epd_fields), " "));
    if (!best.empty()) absl::StrAppend(&out, " bm ", absl::StrJoin(best, " "), ";");
    absl::StrAppend(&out, " c0 \"", absl::StrJoin(comment, ", "), "\";\n");
  }
  return out;
}

absl::StatusOr<std::string> BookToPgn(const OpeningBook& book, const BookWalk& walk) {
  TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> session,
                         CreateGameSession(book.variant(), book.rules()));
  const std::string root = walk.root_fen.empty() ? session->StartFen() : walk.root_fen;
  std::vector<std::vector<std::string>> lines;
  TUMEN_RETURN_IF_ERROR(
      Walk(book, *session, walk, [&](const auto& path, const BookEntry&, bool leaf) {
        if (leaf && lines.size() < walk.max_lines) lines.push_back(path);
        return lines.size() < walk.max_lines;
      }));
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    absl::StrAppend(&out, "[Event \"Tumen book line ", i + 1, "\"]\n[Variant \"", book.variant(),
                    "\"]\n");
    if (!book.rules().empty()) absl::StrAppend(&out, "[Rules \"", book.rules(), "\"]\n");
    if (root != session->StartFen()) absl::StrAppend(&out, "[SetUp \"1\"]\n[FEN \"", root, "\"]\n");
    absl::StrAppend(&out, "[Result \"*\"]\n\n");
    TUMEN_RETURN_IF_ERROR(session->SetPosition(root, {}));
    std::string text;
    for (size_t ply = 0; ply < lines[i].size(); ++ply) {
      if (session->SideToMove() == 0 || ply == 0)
        absl::StrAppend(&text, ply / 2 + 1, session->SideToMove() == 0 ? ". " : "... ");
      absl::StrAppend(&text, session->ToSan(lines[i][ply]), " ");
      TUMEN_RETURN_IF_ERROR(session->PlayMove(lines[i][ply]));
    }
    absl::StrAppend(&out, text, "*\n\n");
  }
  return out;
}

absl::StatusOr<std::vector<std::string>> BalancedOpenings(const OpeningBook& book,
                                                          const BookWalk& walk, int band_cp) {
  TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> session,
                         CreateGameSession(book.variant(), book.rules()));
  const std::string root = walk.root_fen.empty() ? session->StartFen() : walk.root_fen;
  std::vector<std::vector<std::string>> paths;
  std::vector<int> scores;
  TUMEN_RETURN_IF_ERROR(Walk(book, *session, walk, [&](const auto& path, const BookEntry& e, bool) {
    if (int(path.size()) == walk.max_plies) {
      paths.push_back(path);
      scores.push_back(e.mean_score_cp);
    }
    return paths.size() < walk.max_lines;
  }));
  std::vector<std::string> out;
  for (size_t i = 0; i < paths.size(); ++i) {
    TUMEN_RETURN_IF_ERROR(session->SetPosition(root, paths[i]));
    // Mean scores are the mover's: turn them to the first player's point of view.
    const int last_mover = 1 - session->SideToMove();
    const int first_player_score = last_mover == 0 ? scores[i] : -scores[i];
    if (std::abs(first_player_score) <= band_cp) out.push_back(session->Fen());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace tumen::book
