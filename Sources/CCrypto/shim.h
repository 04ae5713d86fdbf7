// HMAC-SHA256 and a constant-time comparison from OpenSSL's libcrypto, for signed URLs.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

/// Writes HMAC-SHA256(key, data) into `digest` (32 bytes); returns 1 on success, 0 on failure.
static inline int relief_hmac_sha256(const unsigned char *key, int key_length, const unsigned char *data,
                                     size_t data_length, unsigned char digest[32]) {
    unsigned int length = 0;
    return HMAC(EVP_sha256(), key, key_length, data, data_length, digest, &length) != 0 && length == 32;
}
