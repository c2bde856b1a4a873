// Bearer tokens for the coordinator: one for workers, one for operators (admin), each read
// from a file given on the command line. Compared in constant time.
#ifndef TUMEN_COORDINATOR_SERVER_AUTH_H_
#define TUMEN_COORDINATOR_SERVER_AUTH_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tumen::coordinator {

enum class Role { kNone, kWorker, kAdmin };

class TokenAuthenticator {
 public:
  // Each file holds one token (see ReadTokenFile); the two must differ.
  static absl::StatusOr<TokenAuthenticator> FromFiles(const std::string& worker_token_file,
                                                      const std::string& admin_token_file);

  // The role of an "authorization" metadata value ("Bearer <token>").
  Role Authenticate(absl::string_view authorization) const;

 private:
  TokenAuthenticator(std::string worker, std::string admin)
      : worker_(std::move(worker)), admin_(std::move(admin)) {}
  std::string worker_, admin_;
};

// Constant-time equality: the time taken depends only on the lengths.
bool ConstantTimeEquals(absl::string_view a, absl::string_view b);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_AUTH_H_
