// Lets every Tumen binary accept --flag-name as well as absl's --flag_name.
#ifndef TUMEN_ENGINE_CORE_COMMAND_LINE_H_
#define TUMEN_ENGINE_CORE_COMMAND_LINE_H_

#include <string>
#include <vector>

namespace tumen {

// Arguments with dashes inside flag names turned into underscores ("--data-dir=x-y" becomes
// "--data_dir=x-y"); values and positional arguments are untouched. Keep the returned
// storage alive while argv pointers into it are used.
class NormalizedArgs {
 public:
  NormalizedArgs(int argc, char** argv) {
    for (int i = 0; i < argc; ++i) {
      std::string a = argv[i];
      if (i > 0 && a.size() > 2 && a[0] == '-' && a[1] == '-') {
        const size_t end = a.find('=') == std::string::npos ? a.size() : a.find('=');
        for (size_t k = 2; k < end; ++k)
          if (a[k] == '-') a[k] = '_';
      }
      storage_.push_back(std::move(a));
    }
    for (std::string& s : storage_) pointers_.push_back(s.data());
    pointers_.push_back(nullptr);
  }
  int argc() const { return int(storage_.size()); }
  char** argv() { return pointers_.data(); }

 private:
  std::vector<std::string> storage_;
  std::vector<char*> pointers_;
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_COMMAND_LINE_H_
