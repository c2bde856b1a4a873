#!/usr/bin/env bash
# The balance study and opening books of issue 7 on a local farm (scripts/lib/farm.sh):
#   1. a balance study: self-play of VARIANTS at each node budget of BUDGETS, GAMES games per
#      arm, opening plies sampled among near-best moves; `tumen report` writes the HTML
#      report and the Markdown summary to OUT.html / OUT.md;
#   2. a Shatar book from the study's shatar games (`tumen book build`);
#   3. a Shatar book grown by drop-out expansion on the workers (`tumen book expand`), and
#      the same for chess;
#   4. every book exported to Polyglot and read back by PolyGlot itself (/usr/games/polyglot:
#      info-book for the Shatar books, dump-book for the chess book, whose keys it shares).
# Environment: VARIANTS (chess,shatar,shatar-traditional,xiangqi), BUDGETS (1000,4000),
# GAMES (400), RULE_SETS (""), EXPANSIONS (300), BOOK_TC (nodes=100000), OUT (docs/balance-study),
# FARM_DATA (farm-data-study), BUILD_DIR (build), TUMEN_SKIP_SETUP/TUMEN_SKIP_BUILD=1.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR
VARIANTS="${VARIANTS:-chess,shatar,shatar-traditional,xiangqi}"
BUDGETS="${BUDGETS:-1000,4000}"
GAMES="${GAMES:-400}"
RULE_SETS="${RULE_SETS:-}"
EXPANSIONS="${EXPANSIONS:-300}"
BOOK_TC="${BOOK_TC:-nodes=100000}"
OUT="${OUT:-docs/balance-study}"
FARM_DATA="${FARM_DATA:-farm-data-study}"

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then bash scripts/setup.sh; fi
if [[ "${TUMEN_SKIP_BUILD:-0}" != "1" ]]; then TUMEN_SKIP_SETUP=1 bash scripts/build.sh; fi
source scripts/lib/farm.sh
farm_start study
mkdir -p "$(dirname "${OUT}")"

STUDY=$("${CLI[@]}" balance --variant "${VARIANTS}" --rule-sets "${RULE_SETS}" --budgets "${BUDGETS}" \
  --games "${GAMES}" --seed "$(date +%s)" --pairs-per-shard 4)
echo "study: balance job ${STUDY}: ${VARIANTS} at ${BUDGETS} nodes, ${GAMES} games per arm"
BOOK_SHATAR=$("${CLI[@]}" book expand --variant shatar --expansions "${EXPANSIONS}" --tc "${BOOK_TC}" \
  --max-plies 16)
BOOK_CHESS=$("${CLI[@]}" book expand --variant chess --expansions "${EXPANSIONS}" --tc "${BOOK_TC}" \
  --max-plies 16)
echo "study: drop-out book jobs ${BOOK_SHATAR} (shatar) and ${BOOK_CHESS} (chess)"
farm_wait "${STUDY}"
"${CLI[@]}" report "${STUDY}" --out "${OUT}.html" --markdown "${OUT}.md"
cat >> "${OUT}.md" <<NOTE

## How this study was made

\`scripts/study.sh\` on $(nproc) cores ($(date -u +%Y-%m-%d)), engine bench signature
$("${BIN}/tumen-engine" bench 2>&1 | sed -n 's/^Nodes searched: //p'): \`tumen balance --variant ${VARIANTS}
--budgets ${BUDGETS} --games ${GAMES}\` (self-play of the default engine, one search thread per
game; the first 8 plies of every game drawn among the moves a MultiPV search scores within
30 cp of the best; games longer than 800 plies are drawn), then \`tumen report ${STUDY}\`. The
HTML report with the charts is \`$(basename "${OUT}").html\` beside this file.
NOTE
farm_wait "${BOOK_SHATAR}"
farm_wait "${BOOK_CHESS}"

BOOKS="${FARM_DATA}/books"
mkdir -p "${BOOKS}"
"${CLI[@]}" book build --from "${STUDY}" --variant shatar --max-plies 16 --out "${BOOKS}/shatar-games.tbk" \
  --polyglot "${BOOKS}/shatar-games.bin" --pgn "${BOOKS}/shatar-games.pgn" \
  --balanced "${BOOKS}/shatar-balanced.epd" --balanced-plies 6 --band 60
"${CLI[@]}" book export "${BOOK_SHATAR}" --out "${BOOKS}/shatar-doe.tbk" --polyglot "${BOOKS}/shatar-doe.bin" \
  --pgn "${BOOKS}/shatar-doe.pgn" --epd "${BOOKS}/shatar-doe.epd"
"${CLI[@]}" book export "${BOOK_CHESS}" --out "${BOOKS}/chess-doe.tbk" --polyglot "${BOOKS}/chess-doe.bin" \
  --pgn "${BOOKS}/chess-doe.pgn"
farm_stop

echo "study: PolyGlot reads the books back"
for book in shatar-games shatar-doe chess-doe; do
  echo "== ${book}.bin (polyglot info-book)"
  /usr/games/polyglot info-book -bin "${BOOKS}/${book}.bin"
done
echo "== chess-doe.bin (polyglot dump-book, White's lines)"
/usr/games/polyglot dump-book -bin "${BOOKS}/chess-doe.bin" -color white -out "${BOOKS}/chess-doe-white.txt"
head -20 "${BOOKS}/chess-doe-white.txt"
echo "study: report ${OUT}.html, summary ${OUT}.md, books in ${BOOKS}/"
