#include "engine/games/shatar/rule_options.h"
