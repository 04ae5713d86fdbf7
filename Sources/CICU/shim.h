// ICU renames every C function with its major version (ubrk_open becomes ubrk_open_72) through
// macros Swift cannot import; these inline wrappers keep the Swift side free of the version.
#include <unicode/ubrk.h>
#include <unicode/uscript.h>

static inline UBreakIterator *relief_ubrk_open_line(const char *locale, const UChar *text, int32_t length,
                                                    UErrorCode *status) {
    return ubrk_open(UBRK_LINE, locale, text, length, status);
}

static inline void relief_ubrk_close(UBreakIterator *iterator) { ubrk_close(iterator); }

static inline int32_t relief_ubrk_next(UBreakIterator *iterator) { return ubrk_next(iterator); }

/// The long name of the script with ISO 15924 code `code` ("Arab" gives "Arabic"), or NULL.
static inline const char *relief_uscript_name(const char *code) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = USCRIPT_INVALID_CODE;
    int32_t found = uscript_getCode(code, &script, 1, &status);
    if (U_FAILURE(status) || found != 1) return 0;
    return uscript_getName(script);
}
