// The scheduler's analysis and book jobs: positions in, one analysis result each out.
// An analysis job has a fixed list of positions, cut into shards up front. A book job grows a
// drop-out expansion book (engine/book/dropout.h): each lease cuts a new shard from the
// cheapest drop-out edges, lost leases hand their requests back, and every applied result is
// stored in the same transaction as the book's new state, so a restart loses nothing.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "coordinator/scheduler.h"
#include "engine/api/game_session.h"
#include "engine/core/score.h"

namespace tumen::coordinator {
namespace {

constexpr uint32_t kMaxPositions = 100'000;
constexpr uint32_t kMaxExpansions = 100'000;
constexpr int kMaxMovesInPosition = 1000;
constexpr int kMaxExcludedMoves = 512;
constexpr int kMaxPvMoves = 256;
constexpr uint32_t kMaxResultsPerSubmission = 512;

absl::Status Invalid(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("analysis spec: ", what));
}

absl::Status CheckTimeControl(const v1::TimeControl& tc) {
  const int limits = (tc.nodes() > 0) + (tc.depth() > 0) + (tc.movetime_ms() > 0);
  if (limits != 1 || tc.base_ms() > 0 || tc.increment_ms() > 0)
    return Invalid("give exactly one of tc nodes, depth or movetime per position");
  if (tc.depth() > 64) return Invalid("tc depth above 64");
  if (tc.movetime_ms() > 600'000) return Invalid("tc movetime above 10 minutes");
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<GameSession>> SessionFor(const std::string& variant,
                                                        const std::string& rules) {
  if (rules.size() > 1024) return Invalid("rules longer than 1024 characters");
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(variant, rules);
  if (!session.ok()) return Invalid(session.status().message());
  return session;
}

// Checks a position (and the result for it, when given) with the rules core.
absl::Status CheckPosition(GameSession& session, const v1::AnalysisPosition& p,
                           const v1::AnalysisResult* result) {
  if (p.moves_size() > kMaxMovesInPosition || p.excluded_moves_size() > kMaxExcludedMoves ||
      p.label().size() > 256 || p.fen().size() > 256)
    return Invalid(absl::StrCat("a position may have at most ", kMaxMovesInPosition, " moves, ",
                                kMaxExcludedMoves, " excluded moves and a 256-character label"));
  const std::vector<std::string> moves(p.moves().begin(), p.moves().end());
  if (absl::Status s = session.SetPosition(p.fen(), moves); !s.ok()) return s;
  if (!result) return absl::OkStatus();
  const auto bad = [](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("analysis result rejected: ", what));
  };
  const GameStatus status = session.Status();
  if (result->terminal() != status.over())
    return bad(status.over() ? "the game is over in this position" : "the game is not over");
  if (result->score_cp() > kMateScore || result->score_cp() < -kMateScore)
    return bad("score out of range");
  if (result->pv_size() > kMaxPvMoves) return bad("principal variation too long");
  for (const std::string& m : result->pv())
    if (m.size() > 8) return bad("principal variation move too long");
  if (result->terminal()) {
    int exact = 0;
    if (status.result != GameResult::kDraw)
      exact = (status.result == GameResult::kFirstPlayerWins) == (session.SideToMove() == 0)
                  ? kMateScore
                  : -kMateScore;
    if (result->score_cp() != exact) return bad("terminal score differs from the rules' result");
    if (!result->best_move().empty()) return bad("a finished game has no best move");
    return absl::OkStatus();
  }
  const std::vector<std::string> legal = session.LegalMoves();
  const auto excluded = [&](const std::string& m) {
    return std::find(p.excluded_moves().begin(), p.excluded_moves().end(), m) !=
           p.excluded_moves().end();
  };
  if (result->best_move().empty()) {
    for (const std::string& m : legal)
      if (!excluded(m)) return bad(absl::StrCat("no best move, but ", m, " is not excluded"));
    return absl::OkStatus();
  }
  if (std::find(legal.begin(), legal.end(), result->best_move()) == legal.end())
    return bad(absl::StrCat("best move ", result->best_move(), " is illegal"));
  if (excluded(result->best_move()))
    return bad(absl::StrCat("best move ", result->best_move(), " was excluded"));
  return absl::OkStatus();
}

v1::AnalysisPosition PositionOf(const book::AnalysisRequest& r, const std::string& root_fen) {
  v1::AnalysisPosition p;
  p.set_fen(root_fen);
  for (const std::string& m : r.path) p.add_moves(m);
  for (const std::string& m : r.excluded_moves) p.add_excluded_moves(m);
  return p;
}

}  // namespace

absl::Status Scheduler::CompleteAnalysisJob(v1::JobSpec& spec) const {
  if (spec.has_analysis()) {
    v1::AnalysisSpec& a = *spec.mutable_analysis();
    absl::StatusOr<std::unique_ptr<GameSession>> session = SessionFor(a.variant(), a.rules());
    if (!session.ok()) return session.status();
    if (absl::Status s = CheckTimeControl(a.tc()); !s.ok()) return s;
    if (a.positions_size() < 1 || uint32_t(a.positions_size()) > kMaxPositions)
      return Invalid(absl::StrCat("give 1 to ", kMaxPositions, " positions"));
    if (a.params().size() > 64 * 1024) return Invalid("params larger than 64 KiB");
    if (absl::Status s = (*session)->params().ParseText(a.params()); !s.ok())
      return Invalid(absl::StrCat("params: ", s.message()));
    for (int i = 0; i < a.positions_size(); ++i)
      if (absl::Status s = CheckPosition(**session, a.positions(i), nullptr); !s.ok())
        return Invalid(absl::StrCat("position ", i + 1, ": ", s.message()));
    if (a.positions_per_shard() == 0) a.set_positions_per_shard(8);
    a.set_positions_per_shard(std::min<uint32_t>(a.positions_per_shard(), 256));
    if (a.hash_mb() == 0) a.set_hash_mb(16);
    if (a.hash_mb() > 4096) return Invalid("hash_mb above 4096");
    return absl::OkStatus();
  }
  v1::BookSpec& b = *spec.mutable_book();
  absl::StatusOr<std::unique_ptr<GameSession>> session = SessionFor(b.variant(), b.rules());
  if (!session.ok()) return session.status();
  if (absl::Status s = CheckTimeControl(b.tc()); !s.ok()) return s;
  if (b.root_fen().empty()) b.set_root_fen((*session)->StartFen());
  if (absl::Status s = (*session)->SetPosition(b.root_fen(), {}); !s.ok())
    return Invalid(absl::StrCat("root position: ", s.message()));
  if ((*session)->Status().over()) return Invalid("the root position is a finished game");
  b.set_root_fen((*session)->Fen());
  if (b.expansions() < 1 || b.expansions() > kMaxExpansions)
    return Invalid(absl::StrCat("expansions must be 1 to ", kMaxExpansions));
  if (!(b.omega() >= 0 && b.omega() <= 100)) return Invalid("omega must be within 0..100");
  if (b.max_plies() > 200) return Invalid("max_plies above 200");
  if (b.requests_per_shard() == 0) b.set_requests_per_shard(4);
  b.set_requests_per_shard(std::min<uint32_t>(b.requests_per_shard(), 64));
  if (b.hash_mb() == 0) b.set_hash_mb(16);
  if (b.hash_mb() > 4096) return Invalid("hash_mb above 4096");
  return absl::OkStatus();
}

absl::Status Scheduler::SetupAnalysisJob(Job& job, GameStore* store) {
  const v1::JobSpec& spec = job.stored.spec;
  if (spec.has_analysis()) {
    const v1::AnalysisSpec& a = spec.analysis();
    const uint32_t per_shard = std::max<uint32_t>(1, a.positions_per_shard());
    job.shard_count = (uint32_t(a.positions_size()) + per_shard - 1) / per_shard;
    job.analysed.assign(size_t(a.positions_size()), false);
    if (!store) return absl::OkStatus();
    return store->ForEachAnalysis(job.stored.id, [&](const v1::AnalysisResult& r) {
      if (r.task_id() < job.analysed.size() && !job.analysed[r.task_id()]) {
        job.analysed[r.task_id()] = true;
        ++job.analysed_count;
      }
    });
  }
  const v1::BookSpec& b = spec.book();
  absl::StatusOr<std::string> saved =
      store ? store->LoadJobState(job.stored.id) : absl::NotFoundError("new job");
  absl::StatusOr<book::DropoutBook> tree =
      saved.ok() ? book::DropoutBook::Deserialize(*saved)
      : absl::IsNotFound(saved.status())
          ? book::DropoutBook::Create(b.root_fen(), {b.omega(), int(b.max_plies())})
          : absl::StatusOr<book::DropoutBook>(saved.status());
  if (!tree.ok())
    return absl::DataLossError(
        absl::StrCat("book job ", job.stored.id, ": ", tree.status().message()));
  // Leases do not survive a restart: what was out is issued again under new ids.
  tree->ReleaseAllPending();
  job.dropout = std::make_unique<book::DropoutBook>(*std::move(tree));
  return absl::OkStatus();
}

v1::JobState Scheduler::AnalysisVerdict(const Job& job) {
  if (job.dropout) {
    const bool budget_spent =
        uint32_t(job.dropout->expansions()) >= job.stored.spec.book().expansions();
    if (job.dropout->Complete() || (budget_spent && job.dropout->PendingRequests().empty()))
      return v1::JOB_STATE_FINISHED;
    return v1::JOB_STATE_RUNNING;
  }
  return job.analysed_count >= job.analysed.size() ? v1::JOB_STATE_FINISHED : v1::JOB_STATE_RUNNING;
}

void Scheduler::DescribeAnalysis(const Job& job, v1::JobInfo& info) {
  if (!job.dropout) {
    info.set_games_stored(job.analysed_count);
    info.set_games_total(job.analysed.size());
    return;
  }
  const book::DropoutBook& tree = *job.dropout;
  info.set_games_stored(uint64_t(tree.expansions()));
  info.set_games_total(job.stored.spec.book().expansions());
  v1::BookStatus* b = info.mutable_book();
  b->set_expansions(uint32_t(tree.expansions()));
  b->set_nodes(uint32_t(tree.size()));
  b->set_root_value(tree.RootValue());
  b->set_best_line(tree.BestLine());
  b->set_pending(uint32_t(tree.PendingRequests().size()));
}

void Scheduler::LeaseAnalysisShards(Job& job, const std::string& worker_id, uint32_t max_shards,
                                    int64_t now, std::vector<v1::Lease>& out) {
  const auto lease = [&](uint32_t shard_id, v1::Shard shard) {
    job.leases[shard_id] = {worker_id, now + options_.lease_ms};
    shard.set_job_id(job.stored.id);
    shard.set_shard_id(shard_id);
    v1::Lease l;
    *l.mutable_shard() = std::move(shard);
    l.set_deadline_unix_ms(now + options_.lease_ms);
    out.push_back(std::move(l));
  };
  if (!job.dropout) {
    const v1::AnalysisSpec& a = job.stored.spec.analysis();
    const uint32_t per_shard = a.positions_per_shard();
    for (uint32_t s = 0; s < job.shard_count && out.size() < max_shards; ++s) {
      auto held = job.leases.find(s);
      if (held != job.leases.end() && held->second.deadline_unix_ms > now) continue;
      v1::Shard shard;
      *shard.mutable_analysis() = a;
      shard.mutable_analysis()->clear_positions();
      const uint32_t end = std::min<uint32_t>(uint32_t(a.positions_size()), (s + 1) * per_shard);
      for (uint32_t i = s * per_shard; i < end; ++i) {
        if (job.analysed[i]) continue;
        v1::AnalysisTask* task = shard.add_tasks();
        task->set_id(i);
        *task->mutable_position() = a.positions(int(i));
      }
      if (shard.tasks_size() > 0) lease(s, std::move(shard));
    }
    return;
  }
  // Book job: requests of expired leases go back to the tree first.
  for (auto it = job.leases.begin(); it != job.leases.end();) {
    if (it->second.deadline_unix_ms > now) {
      ++it;
      continue;
    }
    for (uint64_t id : job.shard_tasks[it->first]) job.dropout->ReleasePending(id);
    job.shard_tasks.erase(it->first);
    it = job.leases.erase(it);
  }
  const v1::BookSpec& b = job.stored.spec.book();
  while (out.size() < max_shards && uint32_t(job.dropout->expansions()) < b.expansions()) {
    const std::vector<book::AnalysisRequest> requests =
        job.dropout->NextRequests(int(b.requests_per_shard()));
    if (requests.empty()) return;  // everything waits on results that are out
    v1::Shard shard;
    v1::AnalysisSpec* a = shard.mutable_analysis();
    a->set_variant(b.variant());
    a->set_rules(b.rules());
    *a->mutable_tc() = b.tc();
    a->set_hash_mb(b.hash_mb());
    const uint32_t shard_id = job.shard_count++;
    for (const book::AnalysisRequest& r : requests) {
      v1::AnalysisTask* task = shard.add_tasks();
      task->set_id(r.id);
      *task->mutable_position() = PositionOf(r, b.root_fen());
      job.shard_tasks[shard_id].push_back(r.id);
      job.book_tasks[r.id] = task->position();
    }
    lease(shard_id, std::move(shard));
  }
}

absl::StatusOr<v1::SubmitAnalysesResponse> Scheduler::SubmitAnalyses(
    const v1::SubmitAnalysesRequest& r) {
  if (uint32_t(r.results_size()) > kMaxResultsPerSubmission)
    return absl::InvalidArgumentError(
        absl::StrCat("at most ", kMaxResultsPerSubmission, " results per submission"));
  const uint64_t job_id = r.shard().job_id();
  v1::SubmitAnalysesResponse response;
  // 1. Under the lock: the job, and the position each result answers.
  std::string variant, rules;
  std::vector<v1::AnalysisPosition> positions;
  {
    absl::MutexLock lock(&mutex_);
    if (!workers_.contains(r.worker_id()))
      return absl::NotFoundError(
          absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    Job& job = it->second;
    if (job.plays_games())
      return absl::InvalidArgumentError(absl::StrCat("job ", job_id, " takes games, not analyses"));
    const bool is_book = job.dropout != nullptr;
    variant = is_book ? job.stored.spec.book().variant() : job.stored.spec.analysis().variant();
    rules = is_book ? job.stored.spec.book().rules() : job.stored.spec.analysis().rules();
    for (const v1::AnalysisResult& result : r.results()) {
      v1::AnalysisAck* ack = response.add_acks();
      ack->set_task_id(result.task_id());
      positions.emplace_back();
      if (result.job_id() != job_id) {
        ack->set_error("result of another job than the shard's");
      } else if (!job.running()) {
        ack->set_error(absl::StrCat("job ", job_id, " is not running"));
      } else if (is_book) {
        auto task = job.book_tasks.find(result.task_id());
        if (task == job.book_tasks.end())
          ack->set_error(absl::StrCat("task ", result.task_id(), " is not open in this book"));
        else
          positions.back() = task->second;
      } else if (result.task_id() >= uint64_t(job.stored.spec.analysis().positions_size())) {
        ack->set_error(absl::StrCat("task ", result.task_id(), " is not part of job ", job_id));
      } else {
        positions.back() = job.stored.spec.analysis().positions(int(result.task_id()));
      }
    }
  }
  // 2. Outside the lock: replay each position and check the result against the rules.
  absl::StatusOr<std::unique_ptr<GameSession>> session = SessionFor(variant, rules);
  if (!session.ok()) return session.status();
  std::vector<v1::AnalysisResult> valid;
  std::vector<int> valid_index;
  for (int i = 0; i < r.results_size(); ++i) {
    v1::AnalysisAck* ack = response.mutable_acks(i);
    if (!ack->error().empty()) continue;
    if (absl::Status s = CheckPosition(**session, positions[size_t(i)], &r.results(i)); !s.ok()) {
      ack->set_error(std::string(s.message()));
      continue;
    }
    valid.push_back(r.results(i));
    valid.back().set_fen((*session)->Fen());
    valid.back().set_label(positions[size_t(i)].label());
    valid.back().set_worker_id(r.worker_id());
    valid_index.push_back(i);
  }
  // 3. Book jobs: apply to the tree under the lock and snapshot it for the store.
  std::string book_state;
  bool has_book_state = false;
  std::vector<bool> applied(valid.size(), true);
  {
    absl::MutexLock lock(&mutex_);
    auto it = jobs_.find(job_id);
    if (it != jobs_.end() && it->second.dropout) {
      Job& job = it->second;
      for (size_t k = 0; k < valid.size(); ++k) {
        const v1::AnalysisResult& v = valid[k];
        book::AnalysisResult result{v.task_id(), v.terminal(), v.best_move(), v.score_cp()};
        const absl::Status s = job.dropout->ApplyResult(result);
        if (!s.ok() && !absl::IsAlreadyExists(s)) {
          applied[k] = false;
          response.mutable_acks(valid_index[k])->set_error(std::string(s.message()));
        }
        job.book_tasks.erase(v.task_id());
      }
      book_state = job.dropout->Serialize();
      has_book_state = true;
    }
  }
  std::vector<v1::AnalysisResult> to_store;
  std::vector<int> stored_index;
  for (size_t k = 0; k < valid.size(); ++k)
    if (applied[k]) {
      to_store.push_back(valid[k]);
      stored_index.push_back(valid_index[k]);
    }
  absl::StatusOr<std::vector<bool>> inserted =
      store_->InsertAnalyses(to_store, job_id, has_book_state ? &book_state : nullptr);
  if (!inserted.ok()) return inserted.status();  // nothing acknowledged: the worker retries
  // 4. Count, and end the job when its work is done.
  v1::JobState ended = v1::JOB_STATE_RUNNING;
  {
    absl::MutexLock lock(&mutex_);
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return response;
    Job& job = it->second;
    for (size_t k = 0; k < to_store.size(); ++k) {
      response.mutable_acks(stored_index[k])->set_accepted(true);
      const uint64_t task = to_store[k].task_id();
      if (!job.dropout && task < job.analysed.size() && !job.analysed[task]) {
        job.analysed[task] = true;
        ++job.analysed_count;
      }
    }
    if (r.shard_complete()) {
      job.leases.erase(r.shard().shard_id());
      job.shard_tasks.erase(r.shard().shard_id());
    }
    if (job.running() && AnalysisVerdict(job) != v1::JOB_STATE_RUNNING) {
      ended = job.stored.state = AnalysisVerdict(job);
      job.leases.clear();
      job.shard_tasks.clear();
    }
  }
  if (ended != v1::JOB_STATE_RUNNING)
    if (absl::Status s = store_->SetJobState(job_id, ended); !s.ok()) return s;
  return response;
}

absl::Status Scheduler::ExportAnalyses(
    uint64_t job_id, const std::function<void(const v1::AnalysisResult&)>& visit) {
  {
    absl::MutexLock lock(&mutex_);
    if (!jobs_.contains(job_id)) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  }
  return store_->ForEachAnalysis(job_id, visit);
}

absl::StatusOr<v1::BookTree> Scheduler::GetBook(uint64_t job_id) {
  absl::MutexLock lock(&mutex_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  const Job& job = it->second;
  if (!job.dropout)
    return absl::FailedPreconditionError(absl::StrCat("job ", job_id, " is not a book job"));
  v1::BookTree tree;
  tree.set_variant(job.stored.spec.book().variant());
  tree.set_rules(job.stored.spec.book().rules());
  tree.set_root_fen(job.dropout->root_fen());
  for (const book::DropoutBook::NodeView& n : job.dropout->Nodes()) {
    v1::BookNode* node = tree.add_nodes();
    for (const std::string& m : n.path) node->add_path(m);
    node->set_value(n.value);
    if (n.dropout_move) node->set_dropout_move(*n.dropout_move);
    node->set_dropout_value(n.dropout_value);
    node->set_terminal(n.terminal);
    node->set_cost(n.cost);
    for (const auto& [move, value] : n.book_moves) {
      v1::BookEdge* e = node->add_moves();
      e->set_move(move);
      e->set_value(value);
    }
  }
  return tree;
}

}  // namespace tumen::coordinator
