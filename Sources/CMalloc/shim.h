// glibc's allocator tuning (mallopt); part of the C library, nothing to link.
#include <malloc.h>
