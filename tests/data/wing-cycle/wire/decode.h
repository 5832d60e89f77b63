/* The other wing, calling back into the first (api/formats.h). */
#include "formats.h"
