#include "coordinator/balance_report.h"
