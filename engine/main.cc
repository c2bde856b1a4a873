// tumen-engine: the Tumen engine speaking UCI on stdin/stdout.
//   tumen-engine              UCI session
//   tumen-engine bench [D]    search the bench positions to depth D and print the signature
//   tumen-engine "cmd" ...    run the given UCI commands first, then read stdin
#include <iostream>
#include <string>

#include "engine/uci/uci_engine.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  tumen::UciEngine engine(std::cout);
  if (argc >= 2 && std::string(argv[1]) == "bench") {
    engine.HandleLine(argc >= 3 ? std::string("bench ") + argv[2] : "bench");
    return 0;
  }
  for (int i = 1; i < argc; ++i) {
    if (!engine.HandleLine(argv[i])) return 0;
    engine.WaitForSearch();
  }
  engine.Run(std::cin);
  return 0;
}
