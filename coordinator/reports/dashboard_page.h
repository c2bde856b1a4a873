// The dashboard's two pages (coordinator/server/http_server.h): plain HTML with a little script
// that polls the JSON API every two seconds and redraws; no framework, nothing from the network.
#ifndef TUMEN_COORDINATOR_REPORTS_DASHBOARD_PAGE_H_
#define TUMEN_COORDINATOR_REPORTS_DASHBOARD_PAGE_H_

#include <string>

namespace tumen::coordinator {

// Every job (running first) and every worker.
const std::string& DashboardPage();
// One job (its id from the path /job/N): the match table, players, SPSA parameters, balance
// arms, book line, and the PGN download.
const std::string& JobPage();
// One stored game (/game/JOB/PAIR/COLOUR): the board of each family drawn as SVG (squares for
// the 8x8 and 10x10 boards, points for Xiangqi, the deer-chess rows centred on each other),
// stepped through with buttons or the arrow keys, with each move's score, depth and nodes.
const std::string& GamePage();
// Speed over time: each benchmark's median items/s (nodes/s) by commit from bench/history.
const std::string& SpeedPage();

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_REPORTS_DASHBOARD_PAGE_H_
