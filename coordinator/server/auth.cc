#include "coordinator/server/auth.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "coordinator/server/token_file.h"

namespace tumen::coordinator {

bool ConstantTimeEquals(absl::string_view a, absl::string_view b) {
  if (a.size() != b.size()) return false;
  volatile unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i)
    diff = diff | (static_cast<unsigned char>(a[i]) ^ static_cast<unsigned char>(b[i]));
  return diff == 0;
}

absl::StatusOr<TokenAuthenticator> TokenAuthenticator::FromFiles(const std::string& worker_file,
                                                                 const std::string& admin_file) {
  absl::StatusOr<std::string> worker = ReadTokenFile(worker_file);
  if (!worker.ok()) return worker.status();
  absl::StatusOr<std::string> admin = ReadTokenFile(admin_file);
  if (!admin.ok()) return admin.status();
  if (*worker == *admin) return absl::InvalidArgumentError("worker and admin tokens must differ");
  return TokenAuthenticator(*worker, *admin);
}

Role TokenAuthenticator::Authenticate(absl::string_view authorization) const {
  constexpr absl::string_view kPrefix = "Bearer ";
  if (!absl::StartsWith(authorization, kPrefix)) return Role::kNone;
  const absl::string_view token = authorization.substr(kPrefix.size());
  // Both comparisons always run, so timing tells nothing about which one matched.
  const bool admin = ConstantTimeEquals(token, admin_);
  const bool worker = ConstantTimeEquals(token, worker_);
  return admin ? Role::kAdmin : worker ? Role::kWorker : Role::kNone;
}

}  // namespace tumen::coordinator
