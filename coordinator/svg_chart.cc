#include "coordinator/svg_chart.h"
