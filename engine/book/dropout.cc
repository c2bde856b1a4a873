#include "engine/book/dropout.h"
