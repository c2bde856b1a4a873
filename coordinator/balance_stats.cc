#include "coordinator/balance_stats.h"
