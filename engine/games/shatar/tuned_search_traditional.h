// The search parameters (engine/search/search_params.h) of shatar-traditional where SPSA moved
// them from the engine's defaults: `tumen tune --variant shatar-traditional --params
// scripts/params/shatar-traditional-search-spsa.txt --iterations 6000 --tc nodes=10000 --seed
// 20261206` (12,000 self-play games, strength line 156), θ rounded. The other six search
// parameters, and these in every other game, keep the defaults.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_
#define TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_

namespace tumen::shatar {

inline constexpr char kTunedSearchTraditional[] =
    "AspirationWindow 19\n"
    "ReverseFutilityMargin 94\n"
    "LmrBase 57\n"
    "LmrDivisor 217\n"
    "LateMovePruningBase 2\n"
    "FutilityBase 84\n"
    "FutilityMargin 95\n"
    "SeeCaptureMargin 97\n"
    "SeeQuietMargin 22\n"
    "LmrHistoryDivisor 7498\n"
    "QsDeltaMargin 230\n"
    "CorrectionDivisor 27\n";

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_
