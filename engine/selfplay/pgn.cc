#include "engine/selfplay/pgn.h"

#include <ctime>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "engine/api/game_session.h"

namespace tumen::selfplay {
namespace {

std::string ResultText(GameResult r) {
  switch (r) {
    case GameResult::kFirstPlayerWins:
      return "1-0";
    case GameResult::kSecondPlayerWins:
      return "0-1";
    case GameResult::kDraw:
      return "1/2-1/2";
    default:
      return "*";
  }
}

std::string Tag(const std::string& name, const std::string& value) {
  return absl::StrCat("[", name, " \"",
                      absl::StrReplaceAll(value, {{"\\", "\\\\"}, {"\"", "\\\""}}), "\"]\n");
}

std::string PlayerName(const PlayerConfig& p) {
  return p.params_name.empty() ? p.engine : absl::StrCat(p.engine, " (", p.params_name, ")");
}

}  // namespace

std::string ToPgn(const GameRecord& game, const std::string& event, int round) {
  std::string out;
  char date[16] = "????.??.??";
  const std::time_t t = std::time_t(game.started_unix_ms / 1000);
  std::tm tm{};
  if (game.started_unix_ms > 0 && gmtime_r(&t, &tm))
    std::strftime(date, sizeof date, "%Y.%m.%d", &tm);
  const std::string result = ResultText(game.result);
  absl::StrAppend(&out, Tag("Event", event), Tag("Site", "Tumen farm"), Tag("Date", date),
                  Tag("Round", absl::StrCat(round)), Tag("White", PlayerName(game.white)),
                  Tag("Black", PlayerName(game.black)), Tag("Result", result),
                  Tag("Variant", game.variant));
  if (!game.rules.empty()) absl::StrAppend(&out, Tag("Rules", game.rules));
  absl::StatusOr<std::unique_ptr<GameSession>> session =
      CreateGameSession(game.variant, game.rules);
  if (session.ok() && (*session)->StartFen() != game.start_fen)
    absl::StrAppend(&out, Tag("SetUp", "1"), Tag("FEN", game.start_fen));
  absl::StrAppend(&out, Tag("Termination", std::string(TerminationName(game.termination))),
                  Tag("PlyCount", absl::StrCat(game.moves.size())));
  if (game.tuukhei)
    absl::StrAppend(&out, Tag("Tuukhei", game.tuukhei->name),
                    Tag("TuukheiCount", absl::StrCat(game.tuukhei->count)));
  out += "\n";
  std::string line;
  if (session.ok() && (*session)->SetPosition(game.start_fen, {}).ok()) {
    GameSession& s = **session;
    int fullmove = 1;
    if (const size_t at = game.start_fen.rfind(' '); at != std::string::npos)
      fullmove = std::max(1, std::atoi(game.start_fen.c_str() + at + 1));
    for (size_t i = 0; i < game.moves.size(); ++i) {
      std::string token;
      if (s.SideToMove() == 0)
        token = absl::StrCat(fullmove, ". ");
      else if (i == 0)
        token = absl::StrCat(fullmove, "... ");
      std::string san = s.ToSan(game.moves[i].uci);
      if (san.empty()) san = game.moves[i].uci;
      absl::StrAppend(&token, san);
      if (s.SideToMove() == 1) ++fullmove;
      if (!s.PlayMove(game.moves[i].uci).ok()) break;
      if (line.size() + token.size() > 79) {
        absl::StrAppend(&out, line, "\n");
        line.clear();
      }
      absl::StrAppend(&line, line.empty() ? "" : " ", token);
    }
  }
  absl::StrAppend(&out, line, line.empty() ? "" : " ", result, "\n\n");
  return out;
}

}  // namespace tumen::selfplay
