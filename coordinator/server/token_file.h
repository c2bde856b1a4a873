// Reading a bearer token from a file: shared by the coordinator, workers and the CLI.
#ifndef TUMEN_COORDINATOR_SERVER_TOKEN_FILE_H_
#define TUMEN_COORDINATOR_SERVER_TOKEN_FILE_H_

#include <string>

#include "absl/status/statusor.h"

namespace tumen::coordinator {

// The file holds one token (surrounding white space ignored) of at least 16 characters.
absl::StatusOr<std::string> ReadTokenFile(const std::string& path);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_TOKEN_FILE_H_
