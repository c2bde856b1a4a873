// The search parameters (engine/search/search_params.h) of shatar-traditional where SPSA moved
// them from the engine's defaults, in three rounds: `tumen tune --variant shatar-traditional
// --params scripts/params/shatar-traditional-search-spsa.txt --iterations 6000 --tc nodes=10000
// --seed 20261206` (12,000 self-play games, strength line 156), then from its values, with four
// more, `--params scripts/params/shatar-traditional-search-spsa-2.txt --iterations 5000 --seed
// 20261213` (10,000 games, line 158), then from those with the evaluation's tempo and threat
// terms (fitted_traditional.h), `--params scripts/params/shatar-traditional-spsa-3.txt
// --iterations 5000 --seed 20261217`, stopped after 3,862 pairs (7,725 games, line 160); θ
// rounded. The other search parameters, and these in every other game, keep the defaults.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_
#define TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_

namespace tumen::shatar {

inline constexpr char kTunedSearchTraditional[] =
    "AspirationWindow 19\n"
    "ReverseFutilityMargin 85\n"
    "LmrBase 52\n"
    "LmrDivisor 190\n"
    "LateMovePruningBase 2\n"
    "FutilityBase 90\n"
    "FutilityMargin 83\n"
    "SeeCaptureMargin 110\n"
    "SeeQuietMargin 15\n"
    "LmrHistoryDivisor 6436\n"
    "QsDeltaMargin 306\n"
    "CorrectionDivisor 21\n"
    "HistoryBonusScale 222\n"
    "HistoryBonusMax 1655\n"
    "LateMovePruningScale 16\n"
    "QuietCheckOrder 5202\n";

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_TUNED_SEARCH_TRADITIONAL_H_
