// The coordinator's Prometheus metrics (issue 17), served at /metrics by the HTTP server
// (coordinator/server/http_server.h) in the text exposition format. Counters and histograms are
// updated where things happen (the service's RPCs, the scheduler's leases and submissions);
// gauges (workers, jobs by state, each job's games and LLR) are read from the scheduler at
// each scrape, so there is no second source of truth.
//
// Thread-safe: prometheus-cpp's metrics are atomic and its families lock.
#ifndef TUMEN_COORDINATOR_SERVER_METRICS_H_
#define TUMEN_COORDINATOR_SERVER_METRICS_H_

#include <memory>
#include <string>

#include "absl/status/status.h"

namespace prometheus {
class Registry;
template <typename T>
class Family;
class Counter;
class Gauge;
class Histogram;
}  // namespace prometheus

namespace tumen::coordinator {

class Scheduler;

class FarmMetrics {
 public:
  FarmMetrics();
  ~FarmMetrics();

  // One RPC: its method ("LeaseShards"), its status code and how long it took.
  void Rpc(const std::string& method, absl::StatusCode code, double seconds);
  void GamesStored(uint64_t count);
  // `reason`: a short label (identity, job_not_running, replay).
  void GameRejected(const std::string& reason);
  // A shard leased; `after_expiry` when an earlier lease of it had expired (reissued).
  void LeaseIssued(bool after_expiry);
  void StoreCommit(double seconds);

  // The text exposition of every metric, the gauges read from `scheduler` now.
  std::string Scrape(Scheduler& scheduler);

 private:
  std::shared_ptr<prometheus::Registry> registry_;
  prometheus::Family<prometheus::Counter>* rpcs_;
  prometheus::Family<prometheus::Histogram>* rpc_seconds_;
  prometheus::Counter* games_stored_;
  prometheus::Family<prometheus::Counter>* games_rejected_;
  prometheus::Counter* leases_issued_;
  prometheus::Counter* leases_reissued_;
  prometheus::Histogram* store_commit_seconds_;
  prometheus::Gauge* workers_live_;
  prometheus::Gauge* workers_known_;
  prometheus::Family<prometheus::Gauge>* jobs_;
  prometheus::Family<prometheus::Gauge>* job_games_;
  prometheus::Family<prometheus::Gauge>* job_llr_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_METRICS_H_
