#include "engine/book/opening_book.h"
