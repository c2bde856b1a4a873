// The search parameters (engine/search/search_params.h) of shatar-traditional where SPSA moved
// them from the engine's defaults, in two rounds: `tumen tune --variant shatar-traditional
// --params scripts/params/shatar-traditional-search-spsa.txt --iterations 6000 --tc nodes=10000
// --seed 20261206` (12,000 self-play games, strength line 156), then from its values, with four
// more, `--params scripts/params/shatar-traditional-search-spsa-2.txt --iterations 5000 --seed
// 20261213` (10,000 games, line 158); θ rounded. The other six search parameters, and these in
// every other game, keep the defaults.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_
#define TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_

namespace tumen::shatar {

inline constexpr char kTunedSearchTraditional[] =
    "AspirationWindow 20\n"
    "ReverseFutilityMargin 92\n"
    "LmrBase 56\n"
    "LmrDivisor 196\n"
    "LateMovePruningBase 2\n"
    "FutilityBase 91\n"
    "FutilityMargin 89\n"
    "SeeCaptureMargin 103\n"
    "SeeQuietMargin 17\n"
    "LmrHistoryDivisor 6635\n"
    "QsDeltaMargin 286\n"
    "CorrectionDivisor 23\n"
    "HistoryBonusScale 214\n"
    "HistoryBonusMax 1571\n"
    "LateMovePruningScale 18\n"
    "QuietCheckOrder 5060\n";

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_
