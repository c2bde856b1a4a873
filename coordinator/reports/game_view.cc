#include "coordinator/reports/game_view.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/api/game_session.h"
#include "engine/core/outcome.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

std::string Quoted(absl::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      absl::StrAppend(&out, "\\", std::string(1, c));
    } else if (static_cast<unsigned char>(c) < 0x20) {
      absl::StrAppendFormat(&out, "\\u%04x", c);
    } else {
      out += c;
    }
  }
  return out + "\"";
}

const char* ResultText(v1::GameResult r) {
  return r == v1::GAME_RESULT_WHITE_WINS   ? "1-0"
         : r == v1::GAME_RESULT_BLACK_WINS ? "0-1"
         : r == v1::GAME_RESULT_DRAW       ? "1/2-1/2"
                                           : "*";
}

}  // namespace

absl::StatusOr<std::string> GameViewJson(const v1::Game& game) {
  absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(game);
  if (!record.ok()) return record.status();
  absl::StatusOr<std::unique_ptr<GameSession>> session =
      CreateGameSession(record->variant, record->rules);
  if (!session.ok()) return session.status();
  const std::string start = record->start_fen.empty() ? (*session)->StartFen() : record->start_fen;
  if (absl::Status s = (*session)->SetPosition(start, {}); !s.ok()) return s;
  std::string json = absl::StrCat(
      "{\"variant\":", Quoted(record->variant), ",\"rules\":", Quoted(record->rules),
      ",\"white\":", Quoted(record->white.engine), ",\"black\":", Quoted(record->black.engine),
      ",\"result\":\"", ResultText(game.result()),
      "\",\"termination\":", Quoted(TerminationName(record->termination)),
      ",\"start\":", Quoted(start), ",\"plies\":[");
  for (size_t i = 0; i < record->moves.size(); ++i) {
    const selfplay::MoveRecord& m = record->moves[i];
    const std::string san = (*session)->ToSan(m.uci);
    if (absl::Status s = (*session)->PlayMove(m.uci); !s.ok())
      return absl::DataLossError(absl::StrCat("move ", i + 1, " (", m.uci, "): ", s.message()));
    absl::StrAppendFormat(&json,
                          "%s{\"uci\":%s,\"san\":%s,\"fen\":%s,\"score_cp\":%d,"
                          "\"depth\":%d,\"nodes\":%d}",
                          i ? "," : "", Quoted(m.uci), Quoted(san), Quoted((*session)->Fen()),
                          m.score_cp, m.depth, m.nodes);
  }
  json += "]";
  // A board of points and lines (deer chess) comes from its board file, not from the FEN.
  if (const std::optional<BoardGeometry> board = (*session)->Geometry()) {
    json += ",\"board\":{\"points\":[";
    for (size_t i = 0; i < board->points.size(); ++i) {
      const BoardGeometry::Point& p = board->points[i];
      absl::StrAppend(&json, i ? "," : "", "[", p.x, ",", p.y, ",", Quoted(p.name), "]");
    }
    json += "],\"edges\":[";
    for (size_t i = 0; i < board->edges.size(); ++i)
      absl::StrAppend(&json, i ? "," : "", "[", board->edges[i].first, ",", board->edges[i].second,
                      "]");
    json += "]}";
  }
  return json + "}";
}

}  // namespace tumen::coordinator
