// The worker's and operator CLI's view of the coordinator: domain calls with a deadline and
// the bearer token on every call; gRPC stays inside this class.
#ifndef TUMEN_WORKER_COORDINATOR_CLIENT_H_
#define TUMEN_WORKER_COORDINATOR_CLIENT_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "tumen/v1/coordinator.grpc.pb.h"

namespace tumen::worker {

// How the channel to the coordinator behaves on a real network.
struct ChannelOptions {
  // Empty: plaintext (loopback and trusted networks); otherwise TLS, the coordinator's
  // certificate checked against this CA and against the host name of the address.
  std::string ca_file;
  // Every call fails with DEADLINE_EXCEEDED after this long; callers retry.
  absl::Duration call_timeout = absl::Seconds(20);
  // The channel pings the coordinator this often and drops a connection whose ping is not
  // answered within half of it (5 to 20 s), so a link that died silently (a partition, a NAT that
  // forgot the connection) is noticed and the next call reconnects instead of waiting on it.
  absl::Duration keepalive = absl::Seconds(30);
};

class CoordinatorClient {
 public:
  static absl::StatusOr<std::unique_ptr<CoordinatorClient>> Create(
      const std::string& address, const std::string& token, const ChannelOptions& options = {});

  absl::StatusOr<v1::RegisterWorkerResponse> RegisterWorker(const v1::RegisterWorkerRequest& r);
  absl::StatusOr<v1::LeaseShardsResponse> LeaseShards(const v1::LeaseShardsRequest& r);
  absl::StatusOr<v1::HeartbeatResponse> Heartbeat(const v1::HeartbeatRequest& r);
  absl::StatusOr<v1::SubmitGamesResponse> SubmitGames(const v1::SubmitGamesRequest& r);
  absl::StatusOr<v1::SubmitAnalysesResponse> SubmitAnalyses(const v1::SubmitAnalysesRequest& r);
  absl::StatusOr<v1::ReportBuildResponse> ReportBuild(const v1::ReportBuildRequest& r);
  absl::StatusOr<v1::CreateJobResponse> CreateJob(const v1::CreateJobRequest& r);
  absl::StatusOr<v1::GetJobResponse> GetJob(const v1::GetJobRequest& r);
  absl::StatusOr<v1::ListWorkersResponse> ListWorkers(const v1::ListWorkersRequest& r);
  absl::Status CancelJob(const v1::CancelJobRequest& r);
  // Streams the job's games to `visit`.
  absl::Status ExportGames(uint64_t job_id, const std::function<void(const v1::Game&)>& visit);
  absl::Status ExportAnalyses(uint64_t job_id,
                              const std::function<void(const v1::AnalysisResult&)>& visit);
  absl::StatusOr<v1::BookTree> GetBook(uint64_t job_id);

  void set_deadline(absl::Duration d) { deadline_ = d; }

 private:
  CoordinatorClient(std::unique_ptr<v1::Coordinator::Stub> stub, std::string token,
                    absl::Duration deadline)
      : stub_(std::move(stub)), token_(std::move(token)), deadline_(deadline) {}
  void Prepare(grpc::ClientContext& ctx) const;

  std::unique_ptr<v1::Coordinator::Stub> stub_;
  std::string token_;
  absl::Duration deadline_ = absl::Seconds(20);
};

absl::Status FromGrpc(const grpc::Status& s);

}  // namespace tumen::worker

#endif  // TUMEN_WORKER_COORDINATOR_CLIENT_H_
