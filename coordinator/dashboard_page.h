// The dashboard's two pages (coordinator/http_server.h): plain HTML with a little script that
// polls the JSON API every two seconds and redraws; no framework, nothing from the network.
#ifndef TUMEN_COORDINATOR_DASHBOARD_PAGE_H_
#define TUMEN_COORDINATOR_DASHBOARD_PAGE_H_

#include <string>

namespace tumen::coordinator {

// Every job (running first) and every worker.
const std::string& DashboardPage();
// One job (its id from the path /job/N): the match table, players, SPSA parameters, balance
// arms, book line, and the PGN download.
const std::string& JobPage();

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_DASHBOARD_PAGE_H_
