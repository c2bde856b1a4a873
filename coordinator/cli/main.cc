// tumen: the operator's command line.
//   tumen balance --variant V1,V2 [--rule-sets "R1;R2"] --games N --budgets 1000,4000
//   tumen report JOB [--out PATH|FOLDER/] [--markdown F.md]   balance study report: PATH.html
//        and PATH.md (or FOLDER/report-JOB.html and .md; default report-JOB.* here)
//   tumen analyse --variant V --positions F.epd --tc depth=12 [--out results.epd]
//   tumen book build --from JOB[,JOB] --out B.tbk [--max-plies 16] [--min-games 2]
//   tumen book expand --variant V --expansions N --tc nodes=N [--omega 0.05]  (drop-out job)
//   tumen book export JOB --out B.tbk | tumen book convert --in B.tbk
//        book exports: [--polyglot F.bin] [--epd F.epd] [--pgn F.pgn] [--balanced F.epd]
//   tumen match --variant V --games N --tc nodes=2000 [--a A.txt] [--b B.txt] [--book F.epd]
//               [--engine-b NAME --engine-b-variant V --engine-b-options Hash=16]  (external)
//               [--random-plies 8] [--sprt elo0=0,elo1=5] [--seed S] [--adjudicate ...]
//   tumen status [JOB] [--watch]      progress, W/D/L, pentanomial counts, Elo, LLR, and why a
//                                     job waits when no live worker can take its work
//   tumen workers                     workers with last heartbeat, games/min, nodes/s, engines
//   tumen match ... --dev REF --base REF [--source REPO] [--dev-bench N --base-bench N]
//               two commits of the Tumen repository as players; workers with --source build
//               them (coordinator/cli/builds.cc). Clock time controls are scaled per worker
//               (--scale-tc, on by default).
//   tumen tune --variant V --params spec.txt --iterations N --tc nodes=2000 [--base-params B]
//              [--book F.epd] [--random-plies 8] [--seed S]   SPSA over the listed parameters
//   tumen export-params JOB [--out FILE]   the current theta of an SPSA job as a parameter file
//   tumen cancel JOB
//   tumen export JOB --format pgn|binpb [--out FILE]
// Common: --coordinator HOST:PORT --token-file ADMIN_TOKEN_FILE
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>
#include <tuple>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "coordinator/cli/commands.h"
#include "coordinator/cli/common.h"
#include "coordinator/cli/flag_help.h"
#include "coordinator/server/token_file.h"
#include "engine/core/command_line.h"
#include "engine/selfplay/pgn.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl.h"
#include "google/protobuf/util/delimited_message_util.h"
#include "proto/convert.h"
#include "worker/coordinator_client.h"

ABSL_FLAG(std::string, coordinator, "127.0.0.1:50051", "coordinator address");
ABSL_FLAG(std::string, token_file, "", "file with the admin token");
ABSL_FLAG(std::string, ca_file, "", "CA certificate for a TLS coordinator");
ABSL_FLAG(std::string, variant, "shatar", "match: variant");
ABSL_FLAG(std::string, rules, "", "match, analyse, book: Shatar rule options (k=v,k=v)");
ABSL_FLAG(int, games, 100, "match: number of games (even)");
ABSL_FLAG(std::string, tc, "nodes=2000",
          "match: nodes=N | depth=N | movetime=MS | BASE+INC (seconds)");
ABSL_FLAG(std::string, a, "", "match: parameter file of engine A (empty: defaults)");
ABSL_FLAG(std::string, b, "", "match: parameter file of engine B (empty: defaults)");
ABSL_FLAG(std::string, book, "", "match: EPD/FEN file of openings, one per line");
ABSL_FLAG(int, random_plies, 8, "match: random plies per opening when there is no book");
ABSL_FLAG(std::string, sprt, "", "match: elo0=X,elo1=Y[,alpha=A,beta=B]");
ABSL_FLAG(uint64_t, seed, 1,
          "match: seed of openings and pairing; fit: seed of the position sample");
ABSL_FLAG(std::string, adjudicate, "resign=800:4,draw=10:10:40,max=600",
          "match: resign=CP:MOVES,draw=CP:MOVES:AFTER_MOVE,max=PLIES (empty: none)");
ABSL_FLAG(int, pairs_per_shard, 2, "match: opening pairs per shard");
ABSL_FLAG(int, hash, 16, "match: hash MiB per engine");
ABSL_FLAG(std::string, params, "", "tune: SPSA spec, lines 'name start min max c_end r_end'");
ABSL_FLAG(int, iterations, 1000, "tune: SPSA iterations (game pairs)");
ABSL_FLAG(std::string, base_params, "",
          "tune: parameter file applied to both sides under the tuned ones");
ABSL_DECLARE_FLAG(std::string, base);  // match: the base commit (coordinator/cli/builds.cc)
ABSL_FLAG(bool, scale_tc, true,
          "match: scale a clock time control per worker by the coordinator's reference nodes/s "
          "over the worker's bench nodes/s (fishtest's way), so slow machines play at the same "
          "strength");
ABSL_FLAG(std::string, engine_a, "",
          "match: player A is this external engine (a name the workers know)");
ABSL_FLAG(std::string, engine_b, "", "match: player B is this external engine");
ABSL_FLAG(std::string, engine_a_variant, "",
          "match: UCI_Variant for engine A (its name for the variant)");
ABSL_FLAG(std::string, engine_b_variant, "", "match: UCI_Variant for engine B");
ABSL_FLAG(std::string, engine_a_options, "", "match: UCI options of engine A, NAME=VALUE,...");
ABSL_FLAG(std::string, engine_b_options, "", "match: UCI options of engine B, NAME=VALUE,...");
ABSL_FLAG(bool, watch, false, "status: refresh until the job ends");
ABSL_FLAG(std::string, format, "pgn", "export: pgn or binpb (length-delimited tumen.v1.Game)");
ABSL_FLAG(std::string, out, "",
          "export, export-params, analyse: output file (default: standard output); fit: the "
          "parameter file; book: the "
          ".tbk file; report: where both files go, PATH.html and PATH.md (a .html or .md "
          "ending is replaced), or FOLDER/report-JOB.html and .md for a folder (default: "
          "report-JOB.* in the current folder)");

namespace {

using tumen::cli::Fail;
using tumen::cli::ParseKeyValues;
using tumen::cli::ParseTimeControl;
using tumen::cli::ReadFile;
using tumen::worker::CoordinatorClient;

// `tumen match` and `tumen tune` (a match whose pairs play SPSA perturbations).
int CreateMatchOrTune(CoordinatorClient& client, bool tune) {
  tumen::v1::CreateJobRequest request;
  tumen::v1::MatchSpec* m = request.mutable_spec()->mutable_match();
  m->set_variant(absl::GetFlag(FLAGS_variant));
  m->set_games(uint32_t(
      std::max(0, tune ? 2 * absl::GetFlag(FLAGS_iterations) : absl::GetFlag(FLAGS_games))));
  if (tune) {
    absl::StatusOr<std::string> spec = ReadFile(absl::GetFlag(FLAGS_params));
    if (!spec.ok()) return Fail(absl::StrCat("--params: ", spec.status().message()));
    request.mutable_spec()->mutable_spsa()->set_params(*spec);
    if (!absl::GetFlag(FLAGS_base).empty())
      return Fail("tune: the parameter file under the tuned ones is --base-params now");
    if (!absl::GetFlag(FLAGS_base_params).empty()) {
      absl::StatusOr<std::string> base = ReadFile(absl::GetFlag(FLAGS_base_params));
      if (!base.ok()) return Fail(std::string(base.status().message()));
      m->set_params_a(*base);
      m->set_params_b(*base);
    }
  }
  m->set_seed(absl::GetFlag(FLAGS_seed));
  m->set_random_plies(uint32_t(std::max(0, absl::GetFlag(FLAGS_random_plies))));
  m->set_pairs_per_shard(uint32_t(std::max(1, absl::GetFlag(FLAGS_pairs_per_shard))));
  m->set_hash_mb(uint32_t(std::max(1, absl::GetFlag(FLAGS_hash))));
  if (absl::Status s = ParseTimeControl(absl::GetFlag(FLAGS_tc), *m->mutable_tc()); !s.ok())
    return Fail(std::string(s.message()));
  for (const auto& [file, target] : {std::pair{absl::GetFlag(FLAGS_a), m->mutable_params_a()},
                                     std::pair{absl::GetFlag(FLAGS_b), m->mutable_params_b()}}) {
    if (file.empty() || tune) continue;
    absl::StatusOr<std::string> text = ReadFile(file);
    if (!text.ok()) return Fail(std::string(text.status().message()));
    *target = *text;
  }
  if (!absl::GetFlag(FLAGS_book).empty()) {
    absl::StatusOr<std::vector<tumen::cli::FilePosition>> openings =
        tumen::cli::ReadPositions(absl::GetFlag(FLAGS_book));
    if (!openings.ok()) return Fail(openings.status());
    for (const tumen::cli::FilePosition& p : *openings) m->add_openings(p.fen);
  }
  m->set_rules(absl::GetFlag(FLAGS_rules));
  tumen::v1::SprtSpec sprt;
  sprt.set_alpha(0.05);
  sprt.set_beta(0.05);
  if (absl::Status s = ParseKeyValues(absl::GetFlag(FLAGS_sprt),
                                      [&](absl::string_view k, absl::string_view v) {
                                        double x;
                                        if (!absl::SimpleAtod(v, &x)) return false;
                                        if (k == "elo0")
                                          sprt.set_elo0(x);
                                        else if (k == "elo1")
                                          sprt.set_elo1(x);
                                        else if (k == "alpha")
                                          sprt.set_alpha(x);
                                        else if (k == "beta")
                                          sprt.set_beta(x);
                                        else
                                          return false;
                                        return true;
                                      });
      !s.ok())
    return Fail(absl::StrCat("--sprt: ", s.message()));
  if (!absl::GetFlag(FLAGS_sprt).empty() && !tune) *m->mutable_sprt() = sprt;
  tumen::v1::Adjudication* adj = m->mutable_adjudication();
  if (absl::Status s = ParseKeyValues(absl::GetFlag(FLAGS_adjudicate),
                                      [&](absl::string_view k, absl::string_view v) {
                                        std::vector<int> n;
                                        for (absl::string_view part : absl::StrSplit(v, ':')) {
                                          int x;
                                          if (!absl::SimpleAtoi(part, &x) || x < 0) return false;
                                          n.push_back(x);
                                        }
                                        if (k == "resign" && n.size() == 2)
                                          adj->set_resign_score_cp(n[0]),
                                              adj->set_resign_moves(uint32_t(n[1]));
                                        else if (k == "draw" && n.size() == 3)
                                          adj->set_draw_score_cp(n[0]),
                                              adj->set_draw_moves(uint32_t(n[1])),
                                              adj->set_draw_after_move(uint32_t(n[2]));
                                        else if (k == "max" && n.size() == 1)
                                          adj->set_max_plies(uint32_t(n[0]));
                                        else
                                          return false;
                                        return true;
                                      });
      !s.ok())
    return Fail(absl::StrCat("--adjudicate: ", s.message()));
  for (const auto& [name, variant, options, target] :
       {std::tuple{absl::GetFlag(FLAGS_engine_a), absl::GetFlag(FLAGS_engine_a_variant),
                   absl::GetFlag(FLAGS_engine_a_options), m->mutable_engine_a()},
        std::tuple{absl::GetFlag(FLAGS_engine_b), absl::GetFlag(FLAGS_engine_b_variant),
                   absl::GetFlag(FLAGS_engine_b_options), m->mutable_engine_b()}}) {
    if (name.empty()) continue;
    target->set_name(name);
    target->set_uci_variant(variant);
    if (absl::Status s = ParseKeyValues(options,
                                        [&](absl::string_view k, absl::string_view v) {
                                          tumen::v1::EngineOption* o = target->add_options();
                                          o->set_name(std::string(k));
                                          o->set_value(std::string(v));
                                          return true;
                                        });
        !s.ok())
      return Fail(absl::StrCat("engine options: ", s.message()));
  }
  if (!tune && absl::GetFlag(FLAGS_scale_tc) && m->tc().base_ms() > 0) m->set_scale_tc(true);
  if (absl::Status s = tumen::cli::SetBuildPlayers(*m); !s.ok()) return Fail(s);
  client.set_deadline(absl::Minutes(5));  // random openings are generated at creation
  absl::StatusOr<tumen::v1::CreateJobResponse> r = client.CreateJob(request);
  if (!r.ok()) return Fail(std::string(r.status().message()));
  std::printf("%llu\n", static_cast<unsigned long long>(r->job_id()));
  return 0;
}

void PrintSpsa(const tumen::v1::SpsaStatus& spsa) {
  std::printf("  SPSA: %u pairs applied\n  %-24s %10s   trajectory\n", spsa.pairs_applied(),
              "parameter", "theta");
  for (int i = 0; i < spsa.names_size(); ++i) {
    std::string trajectory;
    const int step = std::max(1, spsa.history_size() / 8);
    for (int h = 0; h < spsa.history_size(); h += step)
      absl::StrAppendFormat(&trajectory, " %.1f", spsa.history(h).theta(i));
    std::printf("  %-24s %10.2f  %s\n", spsa.names(i).c_str(), spsa.theta(i), trajectory.c_str());
  }
}

// The progress bar, and under it why the job waits when no live worker can take its work.
void PrintProgress(const tumen::v1::JobInfo& j, const char* unit) {
  const int width = 30;
  const int filled = j.games_total() ? int(width * j.games_stored() / j.games_total()) : 0;
  std::printf("  [%s%s] %llu/%llu %s\n", std::string(std::min(filled, width), '#').c_str(),
              std::string(width - std::min(filled, width), '.').c_str(),
              static_cast<unsigned long long>(j.games_stored()),
              static_cast<unsigned long long>(j.games_total()), unit);
  if (j.has_waiting()) std::printf("  waiting: %s\n", j.waiting().reason().c_str());
  if (!j.failure().empty()) std::printf("  failed: %s\n", j.failure().c_str());
  for (const tumen::v1::BuildProblem& p : j.build_problems())
    std::printf("  build problem: worker %s, %s: %s\n", p.worker_name().c_str(),
                p.commit().substr(0, 10).c_str(), p.error().c_str());
}

// The players of a match with engine builds: commit, subject and declared signature.
void PrintBuildPlayers(const tumen::v1::MatchSpec& m) {
  for (const auto& [side, role, e] :
       {std::tuple{"A", "dev ", &m.engine_a()}, std::tuple{"B", "base", &m.engine_b()}}) {
    if (!e->has_build()) continue;
    std::printf("  %s %s  %s  bench %llu  %s\n", side, role,
                e->build().commit().substr(0, 10).c_str(),
                static_cast<unsigned long long>(e->build().bench_signature()),
                e->build().subject().substr(0, 72).c_str());
  }
}

// A scaled clock's factor for each worker seen in the last two minutes: reference / its bench
// speed, as the coordinator computes it (and stores it in each game).
void PrintClockFactors(const tumen::v1::MatchSpec& m,
                       const std::vector<tumen::v1::WorkerInfo>& workers) {
  const int64_t now = absl::ToUnixMillis(absl::Now());
  std::string line;
  for (const tumen::v1::WorkerInfo& w : workers)
    if (const double factor = tumen::proto::ClockFactor(m, w.bench_nps());
        factor > 0 && now - w.last_seen_unix_ms() < 120'000)
      absl::StrAppendFormat(&line, "%s %s x%.2f", line.empty() ? "" : ",", w.name(), factor);
  if (!line.empty()) std::printf("  clock per worker:%s\n", line.c_str());
}

void PrintJob(const tumen::v1::JobInfo& j, const std::vector<tumen::v1::WorkerInfo>& workers) {
  const tumen::v1::JobSpec& spec = j.spec();
  const auto id = static_cast<unsigned long long>(j.job_id());
  const std::string state = tumen::proto::JobStateName(j.state());
  if (spec.has_analysis()) {
    std::printf("job %llu  analysis  %s  %s  tc %s\n", id, spec.analysis().variant().c_str(),
                state.c_str(), spec.analysis().tc().ShortDebugString().c_str());
    PrintProgress(j, "positions");
    return;
  }
  if (spec.has_book()) {
    const tumen::v1::BookStatus& b = j.book();
    std::printf("job %llu  book (drop-out expansion)  %s  %s  tc %s\n", id,
                spec.book().variant().c_str(), state.c_str(),
                spec.book().tc().ShortDebugString().c_str());
    PrintProgress(j, "expansions");
    std::printf("  %u nodes, %u analyses out, root value %+d cp\n  best line: %s\n", b.nodes(),
                b.pending(), b.root_value(), b.best_line().c_str());
    return;
  }
  if (spec.has_balance()) {
    std::printf("job %llu  balance study  %s  %d arms\n", id, state.c_str(), j.arms_size());
    PrintProgress(j, "games");
    for (const tumen::v1::ArmStatus& a : j.arms()) {
      const uint64_t n = a.white_wins() + a.draws() + a.black_wins();
      std::printf("  %-20s %-28s nodes %-7llu %5llu/%-5llu  W %5.1f%%  D %5.1f%%  B %5.1f%%\n",
                  a.variant().c_str(), a.rules().empty() ? "-" : a.rules().c_str(),
                  static_cast<unsigned long long>(a.nodes()), static_cast<unsigned long long>(n),
                  static_cast<unsigned long long>(a.games_total()),
                  n ? 100.0 * a.white_wins() / n : 0.0, n ? 100.0 * a.draws() / n : 0.0,
                  n ? 100.0 * a.black_wins() / n : 0.0);
    }
    return;
  }
  const tumen::v1::MatchStatus& s = j.match();
  std::printf(
      "job %llu  %s  %s  tc %s%s\n", id, spec.match().variant().c_str(), state.c_str(),
      spec.match().tc().ShortDebugString().c_str(),
      spec.match().scale_tc() && spec.match().tc().base_ms() > 0
          ? absl::StrFormat(" (scaled per worker to %.0f nodes/s)", spec.match().tc_reference_nps())
                .c_str()
          : "");
  PrintBuildPlayers(spec.match());
  PrintClockFactors(spec.match(), workers);
  PrintProgress(j, "games");
  std::printf("  A vs B: W %llu  D %llu  L %llu   pentanomial [%s]\n",
              static_cast<unsigned long long>(s.wins()), static_cast<unsigned long long>(s.draws()),
              static_cast<unsigned long long>(s.losses()),
              absl::StrJoin(s.pentanomial(), ", ").c_str());
  std::printf("  Elo %+.1f  [%+.1f, %+.1f] (95%%)  LOS %.1f%%\n", s.elo(), s.elo_lower(),
              s.elo_upper(), 100 * s.los());
  if (j.has_spsa()) PrintSpsa(j.spsa());
  if (spec.match().has_sprt())
    std::printf("  SPRT elo0=%g elo1=%g  LLR %.2f  [%.2f, %.2f]  %s\n", spec.match().sprt().elo0(),
                spec.match().sprt().elo1(), s.llr(), s.llr_lower(), s.llr_upper(),
                !s.sprt_decision().empty() ? ("accepted " + s.sprt_decision()).c_str()
                : j.state() == tumen::v1::JOB_STATE_RUNNING ? "running"
                                                            : "no decision within the game budget");
}

int Status(CoordinatorClient& client, uint64_t job_id) {
  while (true) {
    tumen::v1::GetJobRequest request;
    request.set_job_id(job_id);
    absl::StatusOr<tumen::v1::GetJobResponse> r = client.GetJob(request);
    if (!r.ok()) return Fail(std::string(r.status().message()));
    bool running = false;
    // Workers only when a scaled clock needs them, for its factors.
    std::vector<tumen::v1::WorkerInfo> workers;
    for (const tumen::v1::JobInfo& j : r->jobs())
      if (j.spec().match().scale_tc() && workers.empty())
        if (absl::StatusOr<tumen::v1::ListWorkersResponse> w = client.ListWorkers({}); w.ok())
          workers.assign(w->workers().begin(), w->workers().end());
    for (const tumen::v1::JobInfo& j : r->jobs()) {
      PrintJob(j, workers);
      running |= j.state() == tumen::v1::JOB_STATE_RUNNING;
    }
    std::fflush(stdout);
    if (!absl::GetFlag(FLAGS_watch) || !running) return 0;
    std::this_thread::sleep_for(std::chrono::seconds(2));
    // On a terminal the status is redrawn in place; into a file or pipe it is appended.
    std::printf(isatty(STDOUT_FILENO) ? "\033[H\033[J" : "\n");
  }
}

int Workers(CoordinatorClient& client) {
  absl::StatusOr<tumen::v1::ListWorkersResponse> r = client.ListWorkers({});
  if (!r.ok()) return Fail(std::string(r.status().message()));
  const int64_t now = absl::ToUnixMillis(absl::Now());
  std::printf("%-22s %-16s %5s %12s %8s %10s %12s %11s %6s %6s  %s\n", "id", "name", "cores",
              "last seen", "games", "games/min", "nodes/s", "bench nps", "leases", "builds",
              "engines");
  for (const tumen::v1::WorkerInfo& w : r->workers()) {
    std::printf("%-22s %-16s %5u %10.1fs %8llu %10.2f %12.0f %11.0f %6u %6s  %s\n",
                w.worker_id().c_str(), w.name().c_str(), w.cores(),
                (now - w.last_seen_unix_ms()) / 1000.0, static_cast<unsigned long long>(w.games()),
                w.games_per_minute(), w.nodes_per_second(), w.bench_nps(), w.active_leases(),
                w.builds() ? "yes" : "no",
                w.engines().empty() ? "-" : absl::StrJoin(w.engines(), ",").c_str());
    for (const tumen::v1::BuildProblem& p : w.build_problems())
      std::printf("  build problem, %s: %s\n", p.commit().substr(0, 10).c_str(), p.error().c_str());
  }
  return 0;
}

int ExportParams(CoordinatorClient& client, uint64_t job_id) {
  tumen::v1::GetJobRequest request;
  request.set_job_id(job_id);
  absl::StatusOr<tumen::v1::GetJobResponse> r = client.GetJob(request);
  if (!r.ok()) return Fail(std::string(r.status().message()));
  if (r->jobs_size() != 1 || !r->jobs(0).has_spsa())
    return Fail(absl::StrCat("job ", job_id, " is not an SPSA job"));
  const tumen::v1::JobInfo& j = r->jobs(0);
  std::string text =
      absl::StrCat("# theta of SPSA job ", job_id, " after ", j.spsa().pairs_applied(), " pairs\n",
                   j.spec().match().params_a());
  for (int i = 0; i < j.spsa().names_size(); ++i)
    absl::StrAppend(&text, j.spsa().names(i), " ", std::lround(j.spsa().theta(i)), "\n");
  if (absl::GetFlag(FLAGS_out).empty()) {
    std::fputs(text.c_str(), stdout);
  } else {
    std::ofstream out(absl::GetFlag(FLAGS_out));
    out << text;
    if (!out) return Fail("cannot write " + absl::GetFlag(FLAGS_out));
  }
  return 0;
}

int Export(CoordinatorClient& client, uint64_t job_id) {
  const std::string format = absl::GetFlag(FLAGS_format);
  if (format != "pgn" && format != "binpb") return Fail("--format must be pgn or binpb");
  std::ofstream file;
  if (!absl::GetFlag(FLAGS_out).empty()) {
    file.open(absl::GetFlag(FLAGS_out), std::ios::binary);
    if (!file) return Fail("cannot write " + absl::GetFlag(FLAGS_out));
  }
  std::ostream& out = absl::GetFlag(FLAGS_out).empty() ? std::cout : file;
  google::protobuf::io::OstreamOutputStream raw(&out);
  int count = 0;
  absl::Status failure;
  const absl::Status s = client.ExportGames(job_id, [&](const tumen::v1::Game& g) {
    ++count;
    if (format == "binpb") {
      google::protobuf::util::SerializeDelimitedToZeroCopyStream(g, &raw);
      return;
    }
    absl::StatusOr<tumen::selfplay::GameRecord> record = tumen::proto::FromProto(g);
    if (!record.ok()) {
      failure = record.status();
      return;
    }
    out << tumen::selfplay::ToPgn(*record, absl::StrCat("Tumen job ", job_id), count);
  });
  if (!s.ok()) return Fail(std::string(s.message()));
  if (!failure.ok()) return Fail(std::string(failure.message()));
  std::fprintf(stderr, "tumen: exported %d games\n", count);
  return 0;
}

}  // namespace

namespace {

// The command word: the first argument that is neither a flag nor the value of one.
std::string CommandWord(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") return i + 1 < args.size() ? args[i + 1] : "";
    if (a.empty() || a[0] != '-') return a;
    if (a.find('=') != std::string::npos) continue;
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(a.substr(a[1] == '-' ? 2 : 1));
    if (flag != nullptr && !flag->IsOfType<bool>()) ++i;  // "--flag value"
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("tumen COMMAND [JOB] [flags]; tumen help for the commands");
  tumen::NormalizedArgs normalized(argc, argv);
  // Help and flag checks come before absl parses: its own --help knows no command.
  const std::vector<std::string> raw(normalized.argv() + 1, normalized.argv() + normalized.argc());
  const std::string word = CommandWord(raw);
  if (std::find(raw.begin(), raw.end(), "--helpfull") != raw.end())
    absl::ParseCommandLine(normalized.argc(), normalized.argv());  // prints every flag, exits
  if (raw.empty()) {
    tumen::cli::HelpCommand("");
    return 1;
  }
  if (word == "help") {  // tumen help [COMMAND]: the next word, if any
    auto it = std::find(raw.begin(), raw.end(), "help");
    it = std::find_if(it + 1, raw.end(), [](const std::string& a) { return a[0] != '-'; });
    return tumen::cli::HelpCommand(it != raw.end()                ? *it
                                   : tumen::cli::AsksForHelp(raw) ? "help"
                                                                  : "");
  }
  if (tumen::cli::AsksForHelp(raw)) return tumen::cli::HelpCommand(word);
  const tumen::cli::CommandInfo* info = tumen::cli::FindCommand(word);
  if (info == nullptr)
    return Fail(word.empty() ? absl::StrCat("no command; use ", tumen::cli::CommandNames(),
                                            " (tumen help explains each)")
                             : absl::StrCat("unknown command '", word,
                                            "'; the commands: ", tumen::cli::CommandNames()));
  if (absl::Status s = tumen::cli::CheckFlags(raw, tumen::cli::CommandFlags(*info),
                                              "'tumen " + info->name + "'");
      !s.ok())
    return Fail(s);
  std::vector<char*> positional = absl::ParseCommandLine(normalized.argc(), normalized.argv());
  const std::string commands = tumen::cli::CommandNames();
  if (positional.size() < 2) return Fail(absl::StrCat("usage: tumen ", commands, " [JOB] [flags]"));
  const std::string command = positional[1];
  const std::vector<std::string> args(positional.begin() + 2, positional.end());
  if (command == "book" && !args.empty() && args[0] == "convert")
    return tumen::cli::BookCommand(nullptr, args);  // works on a file, no coordinator
  uint64_t job_id = 0;
  if (command != "book" && positional.size() >= 3 && !absl::SimpleAtoi(positional[2], &job_id))
    return Fail(absl::StrCat("'", positional[2], "' is not a job id"));
  if (absl::GetFlag(FLAGS_token_file).empty())
    return Fail("--token-file (the admin token) is required");
  absl::StatusOr<std::string> token =
      tumen::coordinator::ReadTokenFile(absl::GetFlag(FLAGS_token_file));
  if (!token.ok()) return Fail(std::string(token.status().message()));
  absl::StatusOr<std::unique_ptr<CoordinatorClient>> client = CoordinatorClient::Create(
      absl::GetFlag(FLAGS_coordinator), *token, {.ca_file = absl::GetFlag(FLAGS_ca_file)});
  if (!client.ok()) return Fail(std::string(client.status().message()));
  if (command == "match") return CreateMatchOrTune(**client, false);
  if (command == "tune") return CreateMatchOrTune(**client, true);
  if (command == "status") return Status(**client, job_id);
  if (command == "balance") return tumen::cli::BalanceCommand(**client);
  if (command == "fit") return tumen::cli::FitCommand(**client);
  if (command == "analyse" || command == "analyze") return tumen::cli::AnalyseCommand(**client);
  if (command == "book") return tumen::cli::BookCommand(client->get(), args);
  if (command == "report") {
    if (job_id == 0) return Fail("'tumen report' needs a job id");
    return tumen::cli::ReportCommand(**client, job_id);
  }
  if (command == "workers") return Workers(**client);
  if (command == "cancel" || command == "export" || command == "export-params") {
    if (job_id == 0) return Fail(absl::StrCat("'tumen ", command, "' needs a job id"));
    if (command == "export") return Export(**client, job_id);
    if (command == "export-params") return ExportParams(**client, job_id);
    tumen::v1::CancelJobRequest request;
    request.set_job_id(job_id);
    if (absl::Status s = (*client)->CancelJob(request); !s.ok())
      return Fail(std::string(s.message()));
    std::printf("job %llu cancelled\n", static_cast<unsigned long long>(job_id));
    return 0;
  }
  return Fail(absl::StrCat("unknown command '", command, "'; the commands: ", commands));
}
