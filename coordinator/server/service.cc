#include "coordinator/server/service.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace tumen::coordinator {

grpc::Status ToGrpc(const absl::Status& s) {
  if (s.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(s.code()), std::string(s.message()));
}

grpc::Status CoordinatorService::Authorize(grpc::ServerContextBase* ctx, Role needed) const {
  const auto& metadata = ctx->client_metadata();
  const auto it = metadata.find("authorization");
  const Role role =
      it == metadata.end()
          ? Role::kNone
          : auth_.Authenticate(absl::string_view(it->second.data(), it->second.size()));
  if (role == Role::kNone)
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                        "missing or wrong token: send 'authorization: Bearer <token>'");
  if (needed == Role::kAdmin && role != Role::kAdmin)
    return grpc::Status(grpc::StatusCode::PERMISSION_DENIED, "this call needs the admin token");
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::RegisterWorker(grpc::ServerContext* ctx,
                                                const v1::RegisterWorkerRequest* req,
                                                v1::RegisterWorkerResponse* resp) {
  return Observed("RegisterWorker", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kWorker); !s.ok()) return s;
    absl::StatusOr<std::string> id = scheduler_->RegisterWorker(*req);
    if (!id.ok()) return ToGrpc(id.status());
    resp->set_worker_id(*id);
    return grpc::Status::OK;
  });
}

grpc::Status CoordinatorService::LeaseShards(grpc::ServerContext* ctx,
                                             const v1::LeaseShardsRequest* req,
                                             v1::LeaseShardsResponse* resp) {
  return Observed("LeaseShards", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kWorker); !s.ok()) return s;
    if (req->engines_size() > 64)
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "at most 64 engines");
    absl::StatusOr<std::vector<v1::Lease>> leases =
        scheduler_->LeaseShards(req->worker_id(), req->max_shards(),
                                {req->engines().begin(), req->engines().end()}, req->builds());
    if (!leases.ok()) return ToGrpc(leases.status());
    for (v1::Lease& l : *leases) *resp->add_leases() = std::move(l);
    return grpc::Status::OK;
  });
}

grpc::ServerUnaryReactor* CoordinatorService::Heartbeat(grpc::CallbackServerContext* ctx,
                                                        const v1::HeartbeatRequest* req,
                                                        v1::HeartbeatResponse* resp) {
  return FinishInline(ctx, "Heartbeat", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kWorker); !s.ok()) return s;
    absl::StatusOr<v1::HeartbeatResponse> r = scheduler_->Heartbeat(*req);
    if (!r.ok()) return ToGrpc(r.status());
    *resp = std::move(*r);
    return grpc::Status::OK;
  });
}

grpc::Status CoordinatorService::ReportBuild(grpc::ServerContext* ctx,
                                             const v1::ReportBuildRequest* req,
                                             v1::ReportBuildResponse*) {
  return Observed("ReportBuild", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kWorker); !s.ok()) return s;
    return ToGrpc(scheduler_->ReportBuild(*req));
  });
}

grpc::Status CoordinatorService::SubmitGames(grpc::ServerContext* ctx,
                                             const v1::SubmitGamesRequest* req,
                                             v1::SubmitGamesResponse* resp) {
  return Observed("SubmitGames", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kWorker); !s.ok()) return s;
    absl::StatusOr<v1::SubmitGamesResponse> r = scheduler_->SubmitGames(*req);
    if (!r.ok()) return ToGrpc(r.status());
    for (const v1::GameAck& ack : r->acks())
      if (!ack.error().empty())
        std::fprintf(stderr, "coordinator: rejected game job %llu pair %u colour %u from %s: %s\n",
                     static_cast<unsigned long long>(ack.id().job_id()), ack.id().pair(),
                     ack.id().colour(), req->worker_id().c_str(), ack.error().c_str());
    *resp = std::move(*r);
    return grpc::Status::OK;
  });
}

grpc::Status CoordinatorService::CreateJob(grpc::ServerContext* ctx,
                                           const v1::CreateJobRequest* req,
                                           v1::CreateJobResponse* resp) {
  return Observed("CreateJob", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kAdmin); !s.ok()) return s;
    absl::StatusOr<uint64_t> id = scheduler_->CreateJob(req->spec());
    if (!id.ok()) return ToGrpc(id.status());
    resp->set_job_id(*id);
    return grpc::Status::OK;
  });
}

grpc::Status CoordinatorService::GetJob(grpc::ServerContext* ctx, const v1::GetJobRequest* req,
                                        v1::GetJobResponse* resp) {
  return Observed("GetJob", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kAdmin); !s.ok()) return s;
    absl::StatusOr<std::vector<v1::JobInfo>> jobs = scheduler_->GetJobs(req->job_id());
    if (!jobs.ok()) return ToGrpc(jobs.status());
    for (v1::JobInfo& j : *jobs) *resp->add_jobs() = std::move(j);
    return grpc::Status::OK;
  });
}

grpc::Status CoordinatorService::ListWorkers(grpc::ServerContext* ctx,
                                             const v1::ListWorkersRequest*,
                                             v1::ListWorkersResponse* resp) {
  return Observed("ListWorkers", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kAdmin); !s.ok()) return s;
    for (v1::WorkerInfo& w : scheduler_->ListWorkers()) *resp->add_workers() = std::move(w);
    return grpc::Status::OK;
  });
}

grpc::Status CoordinatorService::CancelJob(grpc::ServerContext* ctx,
                                           const v1::CancelJobRequest* req,
                                           v1::CancelJobResponse*) {
  return Observed("CancelJob", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kAdmin); !s.ok()) return s;
    return ToGrpc(scheduler_->CancelJob(req->job_id()));
  });
}

grpc::Status CoordinatorService::ExportGames(grpc::ServerContext* ctx,
                                             const v1::ExportGamesRequest* req,
                                             grpc::ServerWriter<v1::Game>* writer) {
  return Observed("ExportGames", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kAdmin); !s.ok()) return s;
    bool writing = true;
    const absl::Status s = scheduler_->ExportGames(req->job_id(), [&](const v1::Game& g) {
      if (writing && !ctx->IsCancelled()) writing = writer->Write(g);
    });
    return ToGrpc(s);
  });
}

grpc::Status CoordinatorService::SubmitAnalyses(grpc::ServerContext* ctx,
                                                const v1::SubmitAnalysesRequest* req,
                                                v1::SubmitAnalysesResponse* resp) {
  return Observed("SubmitAnalyses", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kWorker); !s.ok()) return s;
    absl::StatusOr<v1::SubmitAnalysesResponse> r = scheduler_->SubmitAnalyses(*req);
    if (!r.ok()) return ToGrpc(r.status());
    for (const v1::AnalysisAck& ack : r->acks())
      if (!ack.error().empty())
        std::fprintf(stderr, "coordinator: rejected analysis job %llu task %llu from %s: %s\n",
                     static_cast<unsigned long long>(req->shard().job_id()),
                     static_cast<unsigned long long>(ack.task_id()), req->worker_id().c_str(),
                     ack.error().c_str());
    *resp = std::move(*r);
    return grpc::Status::OK;
  });
}

grpc::Status CoordinatorService::ExportAnalyses(grpc::ServerContext* ctx,
                                                const v1::ExportGamesRequest* req,
                                                grpc::ServerWriter<v1::AnalysisResult>* writer) {
  return Observed("ExportAnalyses", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kAdmin); !s.ok()) return s;
    bool writing = true;
    const absl::Status s =
        scheduler_->ExportAnalyses(req->job_id(), [&](const v1::AnalysisResult& r) {
          if (writing && !ctx->IsCancelled()) writing = writer->Write(r);
        });
    return ToGrpc(s);
  });
}

grpc::Status CoordinatorService::GetBook(grpc::ServerContext* ctx, const v1::GetBookRequest* req,
                                         v1::BookTree* resp) {
  return Observed("GetBook", [&]() -> grpc::Status {
    if (grpc::Status s = Authorize(ctx, Role::kAdmin); !s.ok()) return s;
    absl::StatusOr<v1::BookTree> tree = scheduler_->GetBook(req->job_id());
    if (!tree.ok()) return ToGrpc(tree.status());
    *resp = std::move(*tree);
    return grpc::Status::OK;
  });
}

}  // namespace tumen::coordinator
