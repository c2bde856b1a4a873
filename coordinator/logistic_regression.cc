#include "coordinator/logistic_regression.h"
