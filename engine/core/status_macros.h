// absl::Status helpers. Abseil 20220623 (Debian bookworm) has no status macros of its own.
#ifndef TUMEN_ENGINE_CORE_STATUS_MACROS_H_
#define TUMEN_ENGINE_CORE_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define TUMEN_STATUS_CONCAT_INNER(a, b) a##b
#define TUMEN_STATUS_CONCAT(a, b) TUMEN_STATUS_CONCAT_INNER(a, b)

// Returns from the enclosing function if `expr` yields a non-OK status.
#define TUMEN_RETURN_IF_ERROR(expr)                \
  do {                                             \
    ::absl::Status tumen_status_ = (expr);         \
    if (!tumen_status_.ok()) return tumen_status_; \
  } while (0)

// `TUMEN_ASSIGN_OR_RETURN(auto x, MakeX());` declares x or returns the error.
#define TUMEN_ASSIGN_OR_RETURN(lhs, expr) \
  TUMEN_ASSIGN_OR_RETURN_IMPL(TUMEN_STATUS_CONCAT(tumen_statusor_, __LINE__), lhs, expr)
#define TUMEN_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                                \
  if (!tmp.ok()) return tmp.status();               \
  lhs = std::move(tmp).value()

#endif  // TUMEN_ENGINE_CORE_STATUS_MACROS_H_
