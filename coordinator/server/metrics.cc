#include "coordinator/server/metrics.h"

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "coordinator/server/scheduler.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

const prometheus::Histogram::BucketBoundaries& LatencyBuckets() {
  static const prometheus::Histogram::BucketBoundaries buckets = {
      0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
  return buckets;
}

std::string CodeName(absl::StatusCode code) {
  std::string name = absl::StatusCodeToString(code);  // "OK", "INVALID_ARGUMENT", ...
  return name.empty() ? absl::StrCat(int(code)) : name;
}

}  // namespace

FarmMetrics::FarmMetrics() : registry_(std::make_shared<prometheus::Registry>()) {
  rpcs_ = &prometheus::BuildCounter()
               .Name("tumen_rpc_requests_total")
               .Help("gRPC calls answered, by method and status code")
               .Register(*registry_);
  rpc_seconds_ = &prometheus::BuildHistogram()
                      .Name("tumen_rpc_duration_seconds")
                      .Help("time to answer a gRPC call, by method")
                      .Register(*registry_);
  games_stored_ = &prometheus::BuildCounter()
                       .Name("tumen_games_stored_total")
                       .Help("games stored (a repeated submission counts once)")
                       .Register(*registry_)
                       .Add({});
  games_rejected_ = &prometheus::BuildCounter()
                         .Name("tumen_games_rejected_total")
                         .Help("submitted games rejected, by reason")
                         .Register(*registry_);
  auto& leases = prometheus::BuildCounter()
                     .Name("tumen_leases_total")
                     .Help(
                         "shards leased to workers; kind=reissued: after an earlier lease "
                         "of the shard expired")
                     .Register(*registry_);
  leases_issued_ = &leases.Add({{"kind", "first"}});
  leases_reissued_ = &leases.Add({{"kind", "reissued"}});
  store_commit_seconds_ = &prometheus::BuildHistogram()
                               .Name("tumen_store_commit_duration_seconds")
                               .Help("time to commit a submission's games to the SQLite store")
                               .Register(*registry_)
                               .Add({}, LatencyBuckets());
  auto& workers = prometheus::BuildGauge()
                      .Name("tumen_workers")
                      .Help(
                          "workers the coordinator knows; state=active: seen in the last "
                          "60 seconds")
                      .Register(*registry_);
  workers_live_ = &workers.Add({{"state", "active"}});
  workers_known_ = &workers.Add({{"state", "known"}});
  jobs_ = &prometheus::BuildGauge().Name("tumen_jobs").Help("jobs by state").Register(*registry_);
  job_games_ = &prometheus::BuildGauge()
                    .Name("tumen_job_games")
                    .Help("games (positions, expansions) stored of each job")
                    .Register(*registry_);
  job_llr_ = &prometheus::BuildGauge()
                  .Name("tumen_job_llr")
                  .Help("the SPRT log-likelihood ratio of each match with SPRT bounds")
                  .Register(*registry_);
}

FarmMetrics::~FarmMetrics() = default;

void FarmMetrics::Rpc(const std::string& method, absl::StatusCode code, double seconds) {
  rpcs_->Add({{"method", method}, {"code", CodeName(code)}}).Increment();
  rpc_seconds_->Add({{"method", method}}, LatencyBuckets()).Observe(seconds);
}

void FarmMetrics::GamesStored(uint64_t count) { games_stored_->Increment(double(count)); }

void FarmMetrics::GameRejected(const std::string& reason) {
  games_rejected_->Add({{"reason", reason}}).Increment();
}

void FarmMetrics::LeaseIssued(bool after_expiry) {
  (after_expiry ? leases_reissued_ : leases_issued_)->Increment();
}

void FarmMetrics::StoreCommit(double seconds) { store_commit_seconds_->Observe(seconds); }

std::string FarmMetrics::Scrape(Scheduler& scheduler) {
  const int64_t now = absl::ToUnixMillis(absl::Now());
  const std::vector<v1::WorkerInfo> workers = scheduler.ListWorkers();
  double active = 0;
  for (const v1::WorkerInfo& w : workers) active += now - w.last_seen_unix_ms() < 60'000;
  workers_live_->Set(active);
  workers_known_->Set(double(workers.size()));
  if (absl::StatusOr<std::vector<v1::JobInfo>> jobs = scheduler.GetJobs(0, /*slim=*/true);
      jobs.ok()) {
    std::map<std::string, double> by_state = {
        {"running", 0}, {"finished", 0}, {"cancelled", 0}, {"failed", 0}};
    for (const v1::JobInfo& j : *jobs) {
      ++by_state[proto::JobStateName(j.state())];
      const std::string id = absl::StrCat(j.job_id());
      job_games_->Add({{"job", id}}).Set(double(j.games_stored()));
      if (j.spec().has_match() && j.spec().match().has_sprt() &&
          j.spec().match().sprt().elo0() != j.spec().match().sprt().elo1())
        job_llr_->Add({{"job", id}}).Set(j.match().llr());
    }
    for (const auto& [state, count] : by_state) jobs_->Add({{"state", state}}).Set(count);
  }
  return prometheus::TextSerializer().Serialize(registry_->Collect());
}

}  // namespace tumen::coordinator
