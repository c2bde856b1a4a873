#include "coordinator/jobs/book_job.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "coordinator/jobs/analysis_checks.h"

namespace tumen::coordinator {
namespace {

constexpr uint32_t kMaxExpansions = 100'000;

v1::AnalysisPosition PositionOf(const book::AnalysisRequest& r, const std::string& root_fen) {
  v1::AnalysisPosition p;
  p.set_fen(root_fen);
  for (const std::string& m : r.path) p.add_moves(m);
  for (const std::string& m : r.excluded_moves) p.add_excluded_moves(m);
  return p;
}

}  // namespace

absl::Status BookJob::Complete(v1::JobSpec& spec, const JobLimits&) {
  v1::BookSpec& b = *spec.mutable_book();
  absl::StatusOr<std::unique_ptr<GameSession>> session = SessionFor(b.variant(), b.rules());
  if (!session.ok()) return session.status();
  if (absl::Status s = CheckTimeControl(b.tc()); !s.ok()) return s;
  if (b.root_fen().empty()) b.set_root_fen((*session)->StartFen());
  if (absl::Status s = (*session)->SetPosition(b.root_fen(), {}); !s.ok())
    return InvalidAnalysis(absl::StrCat("root position: ", s.message()));
  if ((*session)->Status().over()) return InvalidAnalysis("the root position is a finished game");
  b.set_root_fen((*session)->Fen());
  if (b.expansions() < 1 || b.expansions() > kMaxExpansions)
    return InvalidAnalysis(absl::StrCat("expansions must be 1 to ", kMaxExpansions));
  if (!(b.omega() >= 0 && b.omega() <= 100)) return InvalidAnalysis("omega must be within 0..100");
  if (b.max_plies() > 200) return InvalidAnalysis("max_plies above 200");
  if (b.requests_per_shard() == 0) b.set_requests_per_shard(4);
  b.set_requests_per_shard(std::min<uint32_t>(b.requests_per_shard(), 64));
  if (b.hash_mb() == 0) b.set_hash_mb(16);
  if (b.hash_mb() > 4096) return InvalidAnalysis("hash_mb above 4096");
  return absl::OkStatus();
}

absl::Status BookJob::Restore(GameStore* store) {
  const v1::BookSpec& b = spec();
  absl::StatusOr<std::string> saved =
      store ? store->LoadJobState(id()) : absl::NotFoundError("new job");
  absl::StatusOr<book::DropoutBook> tree =
      saved.ok() ? book::DropoutBook::Deserialize(*saved)
      : absl::IsNotFound(saved.status())
          ? book::DropoutBook::Create(b.root_fen(), {b.omega(), int(b.max_plies())})
          : absl::StatusOr<book::DropoutBook>(saved.status());
  if (!tree.ok())
    return absl::DataLossError(absl::StrCat("book job ", id(), ": ", tree.status().message()));
  // Leases do not survive a restart: what was out is issued again under new ids.
  tree->ReleaseAllPending();
  tree_ = std::make_unique<book::DropoutBook>(*std::move(tree));
  return absl::OkStatus();
}

void BookJob::Lease(const LeaseRequester& worker, size_t max_leases, std::vector<v1::Lease>& out) {
  // Requests of expired leases go back to the tree first.
  for (auto it = leases.begin(); it != leases.end();) {
    if (it->second.deadline_unix_ms > worker.now_unix_ms) {
      ++it;
      continue;
    }
    for (uint64_t task : shard_tasks_[it->first]) tree_->ReleasePending(task);
    shard_tasks_.erase(it->first);
    it = leases.erase(it);
  }
  const v1::BookSpec& b = spec();
  while (out.size() < max_leases && uint32_t(tree_->expansions()) < b.expansions()) {
    const std::vector<book::AnalysisRequest> requests =
        tree_->NextRequests(int(b.requests_per_shard()));
    if (requests.empty()) return;  // everything waits on results that are out
    v1::Shard shard;
    v1::AnalysisSpec* a = shard.mutable_analysis();
    a->set_variant(b.variant());
    a->set_rules(b.rules());
    *a->mutable_tc() = b.tc();
    a->set_hash_mb(b.hash_mb());
    const uint32_t shard_id = shards_cut_++;
    for (const book::AnalysisRequest& r : requests) {
      v1::AnalysisTask* task = shard.add_tasks();
      task->set_id(r.id);
      *task->mutable_position() = PositionOf(r, b.root_fen());
      shard_tasks_[shard_id].push_back(r.id);
      open_tasks_[r.id] = task->position();
    }
    Issue(worker, shard_id, std::move(shard), out);
  }
}

void BookJob::ClearLeases() {
  Job::ClearLeases();
  shard_tasks_.clear();
}

void BookJob::ReleaseShard(uint32_t shard_id) {
  Job::ReleaseShard(shard_id);
  shard_tasks_.erase(shard_id);
}

absl::Status BookJob::AnalysisRules(std::string& variant, std::string& rules) const {
  variant = spec().variant();
  rules = spec().rules();
  return absl::OkStatus();
}

absl::StatusOr<v1::AnalysisPosition> BookJob::TaskPosition(uint64_t task_id) const {
  auto task = open_tasks_.find(task_id);
  if (task == open_tasks_.end())
    return absl::InvalidArgumentError(absl::StrCat("task ", task_id, " is not open in this book"));
  return task->second;
}

absl::Status BookJob::ApplyAnalysis(const v1::AnalysisResult& v) {
  const absl::Status s =
      tree_->ApplyResult({v.task_id(), v.terminal(), v.best_move(), v.score_cp()});
  open_tasks_.erase(v.task_id());
  return absl::IsAlreadyExists(s) ? absl::OkStatus() : s;
}

v1::JobState BookJob::Verdict() const {
  const bool budget_spent = uint32_t(tree_->expansions()) >= spec().expansions();
  if (tree_->Complete() || (budget_spent && tree_->PendingRequests().empty()))
    return v1::JOB_STATE_FINISHED;
  return v1::JOB_STATE_RUNNING;
}

void BookJob::Describe(v1::JobInfo& info) const {
  info.set_games_stored(uint64_t(tree_->expansions()));
  info.set_games_total(spec().expansions());
  v1::BookStatus* b = info.mutable_book();
  b->set_expansions(uint32_t(tree_->expansions()));
  b->set_nodes(uint32_t(tree_->size()));
  b->set_root_value(tree_->RootValue());
  b->set_best_line(tree_->BestLine());
  b->set_pending(uint32_t(tree_->PendingRequests().size()));
}

absl::StatusOr<v1::BookTree> BookJob::Book() const {
  v1::BookTree tree;
  tree.set_variant(spec().variant());
  tree.set_rules(spec().rules());
  tree.set_root_fen(tree_->root_fen());
  for (const book::DropoutBook::NodeView& n : tree_->Nodes()) {
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
