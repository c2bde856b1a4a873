#include "worker/coordinator_client.h"

#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"

namespace tumen::worker {

absl::Status FromGrpc(const grpc::Status& s) {
  if (s.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(s.error_code()), s.error_message());
}

absl::StatusOr<std::unique_ptr<CoordinatorClient>> CoordinatorClient::Create(
    const std::string& address, const std::string& token, const ChannelOptions& options) {
  if (options.call_timeout < absl::Seconds(1) || options.keepalive < absl::Seconds(1))
    return absl::InvalidArgumentError("the call timeout and the keepalive must be >= 1 second");
  std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
  if (!options.ca_file.empty()) {
    std::ifstream in(options.ca_file);
    if (!in) return absl::NotFoundError(absl::StrCat("cannot read CA file ", options.ca_file));
    std::stringstream ss;
    ss << in.rdbuf();
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = ss.str();
    credentials = grpc::SslCredentials(ssl);
  }
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  const int keepalive_ms = int(absl::ToInt64Milliseconds(options.keepalive));
  args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, keepalive_ms);
  // gRPC also makes the ping timeout the socket's TCP_USER_TIMEOUT, which bounds a connect
  // too: below a few seconds a connect that must first re-resolve the peer's link address
  // (after a partition) times out again and again.
  args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, std::clamp(keepalive_ms / 2, 5000, 20000));
  args.SetInt(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);  // idle workers ping too
  args.SetInt(GRPC_ARG_HTTP2_MAX_PINGS_WITHOUT_DATA, 0);    // and keep pinging while idle
  // gRPC's reconnect backoff grows to two minutes; a worker back from a partition should be
  // playing again within seconds.
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 5000);
  auto channel = grpc::CreateCustomChannel(address, credentials, args);
  return std::unique_ptr<CoordinatorClient>(
      new CoordinatorClient(v1::Coordinator::NewStub(channel), token, options.call_timeout));
}

void CoordinatorClient::Prepare(grpc::ClientContext& ctx) const {
  ctx.set_deadline(absl::ToChronoTime(absl::Now() + deadline_));
  ctx.AddMetadata("authorization", "Bearer " + token_);
}

#define TUMEN_UNARY_CALL(Method, Request, Response)                              \
  absl::StatusOr<v1::Response> CoordinatorClient::Method(const v1::Request& r) { \
    grpc::ClientContext ctx;                                                     \
    Prepare(ctx);                                                                \
    v1::Response response;                                                       \
    const grpc::Status s = stub_->Method(&ctx, r, &response);                    \
    if (!s.ok()) return FromGrpc(s);                                             \
    return response;                                                             \
  }

TUMEN_UNARY_CALL(RegisterWorker, RegisterWorkerRequest, RegisterWorkerResponse)
TUMEN_UNARY_CALL(LeaseShards, LeaseShardsRequest, LeaseShardsResponse)
TUMEN_UNARY_CALL(Heartbeat, HeartbeatRequest, HeartbeatResponse)
TUMEN_UNARY_CALL(SubmitGames, SubmitGamesRequest, SubmitGamesResponse)
TUMEN_UNARY_CALL(SubmitAnalyses, SubmitAnalysesRequest, SubmitAnalysesResponse)
TUMEN_UNARY_CALL(ReportBuild, ReportBuildRequest, ReportBuildResponse)
TUMEN_UNARY_CALL(CreateJob, CreateJobRequest, CreateJobResponse)
TUMEN_UNARY_CALL(GetJob, GetJobRequest, GetJobResponse)
TUMEN_UNARY_CALL(ListWorkers, ListWorkersRequest, ListWorkersResponse)
#undef TUMEN_UNARY_CALL

absl::Status CoordinatorClient::CancelJob(const v1::CancelJobRequest& r) {
  grpc::ClientContext ctx;
  Prepare(ctx);
  v1::CancelJobResponse response;
  return FromGrpc(stub_->CancelJob(&ctx, r, &response));
}

namespace {

// Reads a server stream of T to the end.
template <typename T, typename Start>
absl::Status ReadStream(const std::string& token, uint64_t job_id, Start start,
                        const std::function<void(const T&)>& visit) {
  grpc::ClientContext ctx;
  ctx.set_deadline(absl::ToChronoTime(absl::Now() + absl::Minutes(30)));
  ctx.AddMetadata("authorization", "Bearer " + token);
  v1::ExportGamesRequest request;
  request.set_job_id(job_id);
  std::unique_ptr<grpc::ClientReader<T>> reader = start(&ctx, request);
  T item;
  while (reader->Read(&item)) visit(item);
  return FromGrpc(reader->Finish());
}

}  // namespace

absl::Status CoordinatorClient::ExportGames(uint64_t job_id,
                                            const std::function<void(const v1::Game&)>& visit) {
  return ReadStream<v1::Game>(
      token_, job_id,
      [&](grpc::ClientContext* ctx, const v1::ExportGamesRequest& r) {
        return stub_->ExportGames(ctx, r);
      },
      visit);
}

absl::Status CoordinatorClient::ExportAnalyses(
    uint64_t job_id, const std::function<void(const v1::AnalysisResult&)>& visit) {
  return ReadStream<v1::AnalysisResult>(
      token_, job_id,
      [&](grpc::ClientContext* ctx, const v1::ExportGamesRequest& r) {
        return stub_->ExportAnalyses(ctx, r);
      },
      visit);
}

absl::StatusOr<v1::BookTree> CoordinatorClient::GetBook(uint64_t job_id) {
  grpc::ClientContext ctx;
  Prepare(ctx);
  v1::GetBookRequest request;
  request.set_job_id(job_id);
  v1::BookTree tree;
  if (grpc::Status s = stub_->GetBook(&ctx, request, &tree); !s.ok()) return FromGrpc(s);
  return tree;
}

}  // namespace tumen::worker
