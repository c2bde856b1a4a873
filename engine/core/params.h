// Named, tunable integer parameters: every evaluation weight and search constant is one.
// A ParamTable lists the specs (default, range, suggested SPSA step) of one component; a
// ParamSet holds the current values of several tables and reads/writes parameter files,
// one `name value` per line (`#` starts a comment), so a worker can be handed a set.
#ifndef TUMEN_ENGINE_CORE_PARAMS_H_
#define TUMEN_ENGINE_CORE_PARAMS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tumen {

struct ParamSpec {
  const char* name;
  int default_value;
  int min;
  int max;
  double step;  // suggested SPSA perturbation c_end
};

// Values of one component's parameters, indexed by the component's own enum.
class ParamValues {
 public:
  explicit ParamValues(const std::vector<ParamSpec>* specs);
  int operator[](int index) const { return values_[index]; }
  int& operator[](int index) {
    version_ = NextVersion();
    return values_[index];
  }
  // Names these values for caches of tables derived from them: every write gives a new
  // version, unique in the process, so a cache built from a version holds these values.
  uint64_t version() const { return version_; }
  const std::vector<ParamSpec>& specs() const { return *specs_; }
  int size() const { return int(values_.size()); }

 private:
  static uint64_t NextVersion();

  const std::vector<ParamSpec>* specs_;
  std::vector<int> values_;
  uint64_t version_ = NextVersion();
};

// A named view over several components' values (search + evaluation of one game).
class ParamSet {
 public:
  void Add(ParamValues* values) { parts_.push_back(values); }

  struct Entry {
    const ParamSpec* spec;
    int value;
  };
  std::vector<Entry> All() const;

  // Errors name the parameter and the allowed range.
  absl::Status Set(absl::string_view name, int value);
  bool Has(absl::string_view name) const;

  // `name value` lines; unknown names and out-of-range values are errors (nothing is
  // applied unless every line is valid).
  absl::Status ParseText(absl::string_view text);
  // The "name value" lines of a parameter text, in order, checked for form only (not for
  // names or ranges): what a build of another commit is sent as UCI options.
  static absl::StatusOr<std::vector<std::pair<std::string, int>>> ParseAssignments(
      absl::string_view text);
  std::string ToText() const;
  absl::Status LoadFile(const std::string& path);
  absl::Status SaveFile(const std::string& path) const;

 private:
  std::vector<ParamValues*> parts_;
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_PARAMS_H_
