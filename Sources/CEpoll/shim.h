// Linux's epoll, eventfd and accept4, which Glibc's Swift module does not export; part of the C
// library, nothing to link. Swift imports `struct epoll_event` with its packed x86-64 layout.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// glibc declares accept4 only under _GNU_SOURCE, which would also change how <sys/socket.h> and
// <sys/select.h> declare types the Glibc module already holds; so it is declared here alone.
extern int accept4(int fd, struct sockaddr *address, socklen_t *address_length, int flags);
