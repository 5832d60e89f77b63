/* The other half of the cycle (see a.h). */
#include "a.h"
