// ReliefLock: the one way Relief's threads share state and split one job over several threads.
//
// `Locked` holds a value that is reached only inside `withLock`, under a `pthread_mutex_t`; every
// target uses it instead of `Synchronization.Mutex`, whose contended hand-over happens in futex calls
// that ThreadSanitizer cannot see (docs/RELIABILITY.md, Sanitizers). `SideBySide.map` runs the pieces
// of one job on threads of their own and returns their results in order, handed over under a
// `Locked`: the drawing's bands and the low-vision blur's bands use it.
//
// It knows nothing of Relief: no module of the project is imported, and nothing here decides how
// many threads a job may take (ReliefRender's `CoreShare` does). Any target that shares state
// between threads may import it.
