// The search parameters (engine/search/search_params.h) of Xiangqi where SPSA moved them from the
// engine's defaults: `tumen tune --variant xiangqi --params scripts/params/xiangqi-search-spsa.txt
// --iterations 3000 --tc nodes=10000 --seed 20261215 --pairs-per-shard 8`, stopped after 2,037
// of its 3,000 pairs (4,075 self-play games); θ then, rounded (strength line 159). The other
// search parameters keep the defaults.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_TUNED_SEARCH_XIANGQI_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_TUNED_SEARCH_XIANGQI_H_

namespace tumen::xiangqi {

inline constexpr char kTunedSearchXiangqi[] =
    "AspirationWindow 24\n"
    "ReverseFutilityMargin 94\n"
    "LmrBase 52\n"
    "LmrDivisor 221\n"
    "LateMovePruningBase 3\n"
    "FutilityBase 75\n"
    "FutilityMargin 98\n"
    "SeeCaptureMargin 110\n"
    "SeeQuietMargin 26\n"
    "LmrHistoryDivisor 7738\n"
    "QsDeltaMargin 162\n"
    "CorrectionDivisor 31\n"
    "HistoryBonusScale 197\n"
    "HistoryBonusMax 1635\n"
    "LateMovePruningScale 18\n"
    "QuietCheckOrder 5352\n";

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_TUNED_SEARCH_XIANGQI_H_
