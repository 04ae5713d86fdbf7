#include "relief_icu.h"

#include <unicode/ubrk.h>
#include <unicode/uscript.h>

relief_line_breaks *relief_line_breaks_open(const char *locale, const uint16_t *text, int32_t length,
                                            int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return 0;
    }
    return (relief_line_breaks *)iterator;
}

int32_t relief_line_breaks_next(relief_line_breaks *breaks) {
    return ubrk_next((UBreakIterator *)breaks);
}

void relief_line_breaks_close(relief_line_breaks *breaks) {
    if (breaks) ubrk_close((UBreakIterator *)breaks);
}

const char *relief_script_name(const char *code) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = USCRIPT_INVALID_CODE;
    int32_t found = uscript_getCode(code, &script, 1, &status);
    if (U_FAILURE(status) || found != 1) return 0;
    return uscript_getName(script);
}
