#include "engine/book/polyglot.h"
