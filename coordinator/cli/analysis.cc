// `tumen analyse` and `tumen book`: analysis jobs, books from games, books by drop-out
// expansion, and their exports.
#include <algorithm>
#include <cstdio>
#include <map>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "coordinator/cli/commands.h"
#include "coordinator/cli/common.h"
#include "coordinator/reports/book_tree.h"
#include "engine/api/game_session.h"
#include "engine/book/book_export.h"
#include "engine/book/opening_book.h"
#include "proto/convert.h"

ABSL_DECLARE_FLAG(std::string, variant);
ABSL_DECLARE_FLAG(std::string, rules);
ABSL_DECLARE_FLAG(std::string, tc);
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(int, hash);

ABSL_FLAG(std::string, positions, "", "analyse: EPD or FEN file, one position per line");
ABSL_FLAG(std::string, from, "", "book build: job ids whose games make the book, e.g. 3,5");
ABSL_FLAG(int, max_plies, 16, "book: deepest ply of a book position (build, expand)");
ABSL_FLAG(int, min_games, 1, "book build: drop moves seen in fewer games");
ABSL_FLAG(std::string, root, "", "book expand: root FEN (empty: the start position)");
ABSL_FLAG(int, expansions, 200, "book expand: book moves to add");
ABSL_FLAG(double, omega, 0.05, "book expand: plies of cost per centipawn given up");
ABSL_FLAG(std::string, in, "", "book convert: the .tbk book to export");
ABSL_FLAG(std::string, polyglot, "", "book: also write a Polyglot .bin (8x8 games)");
ABSL_FLAG(std::string, epd, "", "book: also write every book position as EPD");
ABSL_FLAG(std::string, pgn, "", "book: also write the book's lines as PGN");
ABSL_FLAG(std::string, balanced, "", "book: also write balanced openings (EPD) for match jobs");
ABSL_FLAG(int, balanced_plies, 8, "book: depth of the balanced openings, in plies");
ABSL_FLAG(int, band, 50, "book: balanced openings score within +-band centipawns");

namespace tumen::cli {
namespace {

using worker::CoordinatorClient;

// Moves in SAN from the position `fen`, as far as they are legal.
std::string SanLine(GameSession& session, const std::string& fen,
                    const std::vector<std::string>& moves) {
  std::vector<std::string> san;
  if (!session.SetPosition(fen, {}).ok()) return "";
  for (const std::string& m : moves) {
    const std::string s = session.ToSan(m);
    if (s.empty() || !session.PlayMove(m).ok()) break;
    san.push_back(s);
  }
  return absl::StrJoin(san, " ");
}

int WriteExports(const book::OpeningBook& book, const std::string& root_fen) {
  const book::BookWalk lines{root_fen, absl::GetFlag(FLAGS_max_plies), 10000};
  if (!absl::GetFlag(FLAGS_polyglot).empty()) {
    if (absl::Status s = book::ExportPolyglot(book, absl::GetFlag(FLAGS_polyglot)); !s.ok())
      return Fail(s);
    std::fprintf(stderr, "tumen: Polyglot book %s\n", absl::GetFlag(FLAGS_polyglot).c_str());
  }
  if (!absl::GetFlag(FLAGS_epd).empty()) {
    absl::StatusOr<std::string> epd = book::BookToEpd(book);
    if (!epd.ok()) return Fail(epd.status());
    if (absl::Status s = WriteFile(absl::GetFlag(FLAGS_epd), *epd); !s.ok()) return Fail(s);
  }
  if (!absl::GetFlag(FLAGS_pgn).empty()) {
    absl::StatusOr<std::string> pgn = book::BookToPgn(book, lines);
    if (!pgn.ok()) return Fail(pgn.status());
    if (absl::Status s = WriteFile(absl::GetFlag(FLAGS_pgn), *pgn); !s.ok()) return Fail(s);
  }
  if (!absl::GetFlag(FLAGS_balanced).empty()) {
    const book::BookWalk walk{root_fen, absl::GetFlag(FLAGS_balanced_plies), 100000};
    absl::StatusOr<std::vector<std::string>> fens =
        book::BalancedOpenings(book, walk, absl::GetFlag(FLAGS_band));
    if (!fens.ok()) return Fail(fens.status());
    std::string text;
    for (const std::string& fen : *fens) absl::StrAppend(&text, fen, "\n");
    if (absl::Status s = WriteFile(absl::GetFlag(FLAGS_balanced), text); !s.ok()) return Fail(s);
    std::fprintf(stderr, "tumen: %zu balanced openings (within +-%d cp at ply %d) in %s\n",
                 fens->size(), absl::GetFlag(FLAGS_band), absl::GetFlag(FLAGS_balanced_plies),
                 absl::GetFlag(FLAGS_balanced).c_str());
  }
  return 0;
}

int SaveAndExport(const book::OpeningBook& book, const std::string& root_fen) {
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) return Fail("--out book.tbk is required");
  if (absl::Status s = book.Save(out); !s.ok()) return Fail(s);
  std::fprintf(stderr, "tumen: book %s: %zu moves in %zu positions\n", out.c_str(), book.size(),
               book.positions());
  return WriteExports(book, root_fen);
}

// The games of --variant under --rules (others in the jobs, e.g. other arms of a balance
// study, are skipped and counted).
int BookBuild(CoordinatorClient& client) {
  std::vector<uint64_t> jobs;
  for (absl::string_view id : absl::StrSplit(absl::GetFlag(FLAGS_from), ',', absl::SkipEmpty())) {
    uint64_t job = 0;
    if (!absl::SimpleAtoi(id, &job)) return Fail(absl::StrCat("--from: '", id, "' is no job id"));
    jobs.push_back(job);
  }
  if (jobs.empty()) return Fail("--from JOB[,JOB...] is required");
  absl::StatusOr<std::unique_ptr<GameSession>> session =
      CreateGameSession(absl::GetFlag(FLAGS_variant), absl::GetFlag(FLAGS_rules));
  if (!session.ok()) return Fail(session.status());
  const std::string variant = (*session)->variant(), rules = (*session)->RuleSet();
  book::BookBuilder builder(
      session->get(),
      {absl::GetFlag(FLAGS_max_plies), uint32_t(std::max(1, absl::GetFlag(FLAGS_min_games)))});
  uint64_t rejected = 0, skipped = 0;
  for (uint64_t job : jobs) {
    const absl::Status s = client.ExportGames(job, [&](const v1::Game& g) {
      if (g.variant() != variant || g.rules() != rules) {
        ++skipped;
        return;
      }
      std::vector<std::string> moves;
      std::vector<int> scores;
      for (int i = 0; i < g.moves_size(); ++i) {
        moves.push_back(proto::DecodeMove(g.moves(i)));
        if (i < g.move_info_size()) scores.push_back(g.move_info(i).score_cp());
      }
      if (!builder.AddGame(g.start_fen(), moves, proto::FromProto(g.result()), scores).ok())
        ++rejected;
      else if (builder.games() % 1000 == 0)
        std::fprintf(stderr, "tumen: %llu games read\n",
                     static_cast<unsigned long long>(builder.games()));
    });
    if (!s.ok()) return Fail(absl::StrCat("job ", job, ": ", s.message()));
  }
  std::fprintf(stderr,
               "tumen: %llu games of %s in the book; %llu of other variants or rules skipped, "
               "%llu rejected\n",
               static_cast<unsigned long long>(builder.games()), variant.c_str(),
               static_cast<unsigned long long>(skipped), static_cast<unsigned long long>(rejected));
  if (builder.games() == 0)
    return Fail(absl::StrCat("the jobs hold no games of ", variant, " under these rules"));
  return SaveAndExport(builder.Build(), "");
}

int BookExpand(CoordinatorClient& client) {
  v1::CreateJobRequest request;
  v1::BookSpec* b = request.mutable_spec()->mutable_book();
  b->set_variant(absl::GetFlag(FLAGS_variant));
  b->set_rules(absl::GetFlag(FLAGS_rules));
  b->set_root_fen(absl::GetFlag(FLAGS_root));
  b->set_omega(absl::GetFlag(FLAGS_omega));
  b->set_max_plies(uint32_t(std::max(0, absl::GetFlag(FLAGS_max_plies))));
  b->set_expansions(uint32_t(std::max(0, absl::GetFlag(FLAGS_expansions))));
  b->set_hash_mb(uint32_t(std::max(1, absl::GetFlag(FLAGS_hash))));
  if (absl::Status s = ParseTimeControl(absl::GetFlag(FLAGS_tc), *b->mutable_tc()); !s.ok())
    return Fail(s);
  absl::StatusOr<v1::CreateJobResponse> r = client.CreateJob(request);
  if (!r.ok()) return Fail(r.status());
  std::printf("%llu\n", static_cast<unsigned long long>(r->job_id()));
  return 0;
}

int BookExport(CoordinatorClient& client, uint64_t job_id) {
  absl::StatusOr<v1::BookTree> tree = client.GetBook(job_id);
  if (!tree.ok()) return Fail(tree.status());
  absl::StatusOr<book::OpeningBook> book = coordinator::TreeToBook(*tree);
  if (!book.ok()) return Fail(book.status());
  std::fprintf(stderr, "tumen: drop-out book of job %llu: %d nodes\n",
               static_cast<unsigned long long>(job_id), tree->nodes_size());
  return SaveAndExport(*book, tree->root_fen());
}

int BookConvert() {
  absl::StatusOr<book::OpeningBook> book = book::OpeningBook::Load(absl::GetFlag(FLAGS_in));
  if (!book.ok()) return Fail(book.status());
  return WriteExports(*book, absl::GetFlag(FLAGS_root));
}

}  // namespace

int AnalyseCommand(CoordinatorClient& client) {
  if (absl::GetFlag(FLAGS_positions).empty()) return Fail("--positions FILE.epd is required");
  absl::StatusOr<std::vector<FilePosition>> positions =
      ReadPositions(absl::GetFlag(FLAGS_positions));
  if (!positions.ok()) return Fail(positions.status());
  v1::CreateJobRequest request;
  v1::AnalysisSpec* a = request.mutable_spec()->mutable_analysis();
  a->set_variant(absl::GetFlag(FLAGS_variant));
  a->set_rules(absl::GetFlag(FLAGS_rules));
  a->set_hash_mb(uint32_t(std::max(1, absl::GetFlag(FLAGS_hash))));
  if (absl::Status s = ParseTimeControl(absl::GetFlag(FLAGS_tc), *a->mutable_tc()); !s.ok())
    return Fail(s);
  for (size_t i = 0; i < positions->size(); ++i) {
    v1::AnalysisPosition* p = a->add_positions();
    p->set_fen((*positions)[i].fen);
    p->set_label((*positions)[i].id.empty() ? absl::StrCat("#", i + 1) : (*positions)[i].id);
  }
  absl::StatusOr<v1::CreateJobResponse> created = client.CreateJob(request);
  if (!created.ok()) return Fail(created.status());
  const uint64_t job = created->job_id();
  std::fprintf(stderr, "tumen: analysis job %llu: %zu positions\n",
               static_cast<unsigned long long>(job), positions->size());
  absl::StatusOr<v1::JobInfo> info = WaitForJob(client, job);
  if (!info.ok()) return Fail(info.status());
  absl::StatusOr<std::unique_ptr<GameSession>> session =
      CreateGameSession(a->variant(), a->rules());
  if (!session.ok()) return Fail(session.status());
  std::map<uint64_t, v1::AnalysisResult> results;
  if (absl::Status s = client.ExportAnalyses(
          job, [&](const v1::AnalysisResult& r) { results[r.task_id()] = r; });
      !s.ok())
    return Fail(s);
  std::string out;
  for (const auto& [task, r] : results) {
    const std::vector<absl::string_view> fields = absl::StrSplit(r.fen(), ' ');
    absl::StrAppend(&out,
                    absl::StrJoin(fields.begin(),
                                  fields.begin() + long(std::min<size_t>(4, fields.size())), " "));
    if (r.terminal()) {
      absl::StrAppend(&out, " ce ", r.score_cp(), "; c0 \"game over\";");
    } else {
      const std::vector<std::string> pv(r.pv().begin(), r.pv().end());
      if (!r.best_move().empty())
        absl::StrAppend(&out, " bm ", SanLine(**session, r.fen(), {r.best_move()}), ";");
      absl::StrAppend(&out, " ce ", r.score_cp(), "; acd ", r.depth(), "; acn ", r.nodes(), ";");
      if (!pv.empty()) absl::StrAppend(&out, " pv ", SanLine(**session, r.fen(), pv), ";");
    }
    absl::StrAppend(&out, " id \"", r.label(), "\";\n");
  }
  if (absl::Status s = WriteFile(absl::GetFlag(FLAGS_out), out); !s.ok()) return Fail(s);
  std::fprintf(stderr, "tumen: %zu of %zu positions analysed\n", results.size(), positions->size());
  return results.size() == positions->size() ? 0 : 1;
}

int BookCommand(CoordinatorClient* client, const std::vector<std::string>& args) {
  const std::string usage =
      "usage: tumen book build --from JOB[,JOB] --out B.tbk | expand --variant V --expansions N "
      "--tc nodes=N | export JOB --out B.tbk | convert --in B.tbk  "
      "[--polyglot F.bin] [--epd F.epd] [--pgn F.pgn] [--balanced F.epd]";
  if (args.empty()) return Fail(usage);
  if (args[0] == "convert") return BookConvert();
  if (!client) return Fail("--token-file (the admin token) is required");
  if (args[0] == "build") return BookBuild(*client);
  if (args[0] == "expand") return BookExpand(*client);
  if (args[0] == "export") {
    uint64_t job = 0;
    if (args.size() < 2 || !absl::SimpleAtoi(args[1], &job)) return Fail(usage);
    return BookExport(*client, job);
  }
  return Fail(usage);
}

}  // namespace tumen::cli
