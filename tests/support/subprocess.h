// Tests use the production subprocess class under their own namespace.
#ifndef TUMEN_TESTS_SUPPORT_SUBPROCESS_H_
#define TUMEN_TESTS_SUPPORT_SUBPROCESS_H_

#include "engine/selfplay/subprocess.h"

namespace tumen::testing {
using Subprocess = selfplay::Subprocess;
}  // namespace tumen::testing

#endif  // TUMEN_TESTS_SUPPORT_SUBPROCESS_H_
