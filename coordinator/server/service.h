// The gRPC face of the coordinator: a thin adapter that authenticates each call, converts
// absl::Status to grpc::Status in one place and delegates to the Scheduler.
#ifndef TUMEN_COORDINATOR_SERVER_SERVICE_H_
#define TUMEN_COORDINATOR_SERVER_SERVICE_H_

#include "absl/time/clock.h"
#include "coordinator/server/auth.h"
#include "coordinator/server/metrics.h"
#include "coordinator/server/scheduler.h"
#include "tumen/v1/coordinator.grpc.pb.h"

namespace tumen::coordinator {

// Heartbeats, three of every four calls of a large farm, touch memory alone (the scheduler's
// mutex, a map lookup, never the store): they run as a callback method, on the gRPC thread that
// read the call, instead of being handed to a thread of the synchronous server's pool (futex
// wakes and context switches, the largest cost in a profile of the coordinator under load).
// The other calls may wait on the store (a commit) or walk every job (a lease) and keep the
// bounded synchronous pool, so they never hold up the thread that reads the network.
using CoordinatorServiceBase =
    v1::Coordinator::WithCallbackMethod_Heartbeat<v1::Coordinator::Service>;

class CoordinatorService final : public CoordinatorServiceBase {
 public:
  // `metrics` (may be null) counts every call by method and status, with its latency.
  CoordinatorService(Scheduler* scheduler, TokenAuthenticator auth, FarmMetrics* metrics = nullptr)
      : scheduler_(scheduler), auth_(std::move(auth)), metrics_(metrics) {}

  grpc::Status RegisterWorker(grpc::ServerContext* ctx, const v1::RegisterWorkerRequest* req,
                              v1::RegisterWorkerResponse* resp) override;
  grpc::Status LeaseShards(grpc::ServerContext* ctx, const v1::LeaseShardsRequest* req,
                           v1::LeaseShardsResponse* resp) override;
  grpc::ServerUnaryReactor* Heartbeat(grpc::CallbackServerContext* ctx,
                                      const v1::HeartbeatRequest* req,
                                      v1::HeartbeatResponse* resp) override;
  grpc::Status ReportBuild(grpc::ServerContext* ctx, const v1::ReportBuildRequest* req,
                           v1::ReportBuildResponse* resp) override;
  grpc::Status SubmitGames(grpc::ServerContext* ctx, const v1::SubmitGamesRequest* req,
                           v1::SubmitGamesResponse* resp) override;
  grpc::Status CreateJob(grpc::ServerContext* ctx, const v1::CreateJobRequest* req,
                         v1::CreateJobResponse* resp) override;
  grpc::Status GetJob(grpc::ServerContext* ctx, const v1::GetJobRequest* req,
                      v1::GetJobResponse* resp) override;
  grpc::Status ListWorkers(grpc::ServerContext* ctx, const v1::ListWorkersRequest* req,
                           v1::ListWorkersResponse* resp) override;
  grpc::Status CancelJob(grpc::ServerContext* ctx, const v1::CancelJobRequest* req,
                         v1::CancelJobResponse* resp) override;
  grpc::Status ExportGames(grpc::ServerContext* ctx, const v1::ExportGamesRequest* req,
                           grpc::ServerWriter<v1::Game>* writer) override;
  grpc::Status SubmitAnalyses(grpc::ServerContext* ctx, const v1::SubmitAnalysesRequest* req,
                              v1::SubmitAnalysesResponse* resp) override;
  grpc::Status ExportAnalyses(grpc::ServerContext* ctx, const v1::ExportGamesRequest* req,
                              grpc::ServerWriter<v1::AnalysisResult>* writer) override;
  grpc::Status GetBook(grpc::ServerContext* ctx, const v1::GetBookRequest* req,
                       v1::BookTree* resp) override;

 private:
  // OK when the caller holds a token of at least `needed` (admin covers worker calls).
  grpc::Status Authorize(grpc::ServerContextBase* ctx, Role needed) const;
  // Runs a call's body and records it in the metrics.
  template <typename Body>
  grpc::Status Observed(const char* method, Body&& body) {
    const absl::Time start = absl::Now();
    grpc::Status status = body();
    if (metrics_)
      metrics_->Rpc(method, static_cast<absl::StatusCode>(status.error_code()),
                    absl::ToDoubleSeconds(absl::Now() - start));
    return status;
  }

  // Finishes a callback call with the status of `body`, run here, observed like the others.
  template <typename Body>
  grpc::ServerUnaryReactor* FinishInline(grpc::CallbackServerContext* ctx, const char* method,
                                         Body&& body) {
    grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
    reactor->Finish(Observed(method, std::forward<Body>(body)));
    return reactor;
  }

  Scheduler* scheduler_;
  TokenAuthenticator auth_;
  FarmMetrics* metrics_;
};

grpc::Status ToGrpc(const absl::Status& s);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_SERVICE_H_
