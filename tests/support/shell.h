// Runs a shell command in a test and collects its standard output.
#ifndef TUMEN_TESTS_SUPPORT_SHELL_H_
#define TUMEN_TESTS_SUPPORT_SHELL_H_

#include <string>

namespace tumen::testing {

// Runs `command` through /bin/sh; appends its standard output to `out` and returns its exit
// status (-1 when it could not run or did not exit).
int RunShell(const std::string& command, std::string* out);

// The path of the headless browser the page tests use (Debian's chromium); "" when missing.
std::string FindChromium();

}  // namespace tumen::testing

#endif  // TUMEN_TESTS_SUPPORT_SHELL_H_
