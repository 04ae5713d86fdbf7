extension ConnectionStateMachine {
    /// The configuration's limits that one connection enforces, timeouts in nanoseconds.
    struct Limits {
        var headerReadTimeout: UInt64
        var keepAliveIdleTimeout: UInt64
        var writeTimeout: UInt64
        var lingeringCloseTimeout: UInt64
    }
}

extension ConnectionStateMachine.Limits {
    init(_ configuration: HTTPServer.Configuration) {
        self.init(
            headerReadTimeout: configuration.headerReadTimeout.nanoseconds,
            keepAliveIdleTimeout: configuration.keepAliveIdleTimeout.nanoseconds,
            writeTimeout: configuration.writeTimeout.nanoseconds,
            lingeringCloseTimeout: configuration.lingeringCloseTimeout.nanoseconds)
    }

    /// The shortest of the timeouts, which sets how often the timers must be looked at.
    var shortestTimeout: UInt64 {
        min(headerReadTimeout, keepAliveIdleTimeout, writeTimeout, lingeringCloseTimeout)
    }
}
