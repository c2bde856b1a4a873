// A minimal CHECK for invariants (Abseil 20220623 has no absl/log). Failing one is a bug in
// Tumen, never a reaction to bad input: input errors travel as absl::Status.
#ifndef TUMEN_ENGINE_CORE_CHECK_H_
#define TUMEN_ENGINE_CORE_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define TUMEN_CHECK(cond)                                                           \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

#ifdef NDEBUG
#define TUMEN_DCHECK(cond) \
  do {                     \
  } while (0)
#else
#define TUMEN_DCHECK(cond) TUMEN_CHECK(cond)
#endif

#endif  // TUMEN_ENGINE_CORE_CHECK_H_
