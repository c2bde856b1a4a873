// tumen-engine: the Tumen engine speaking UCI on stdin/stdout.
#include <iostream>

#include "engine/uci/uci_engine.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  tumen::UciEngine engine(std::cout);
  // Commands given on the command line run first, e.g. `tumen-engine "go perft 5" quit`.
  for (int i = 1; i < argc; ++i)
    if (!engine.HandleLine(argv[i])) return 0;
  engine.Run(std::cin);
  return 0;
}
