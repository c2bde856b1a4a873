#include "engine/games/shatar/tuukhei.h"
