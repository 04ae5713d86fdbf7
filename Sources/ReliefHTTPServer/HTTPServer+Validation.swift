extension HTTPServer.Configuration {
    /// Throws for the first field out of range, naming it and what it accepts.
    func validate() throws(HTTPServerError) {
        func require(_ condition: Bool, _ field: String, _ allowed: String) throws(HTTPServerError) {
            if !condition { throw .invalidConfiguration(field: field, allowed: allowed) }
        }
        try require(!host.isEmpty, "host", "a host name or numeric address")
        try require((0...65535).contains(port), "port", "0...65535 (0: any free port)")
        try require((1...64).contains(eventLoopCount), "eventLoopCount", "1...64")
        try require(listenBacklog >= 1, "listenBacklog", "at least 1")
        try require(maxRequestLineBytes >= 16, "maxRequestLineBytes", "at least 16")
        try require(maxHeaderBytes >= 16, "maxHeaderBytes", "at least 16")
        try require(maxHeaderCount >= 1, "maxHeaderCount", "at least 1 (HTTP/1.1 requests carry Host)")
        try require((0...(64 << 20)).contains(maxRequestBodyBytes), "maxRequestBodyBytes", "0...67108864 (0: no bodies)")
        try require(maxConnections >= 1, "maxConnections", "at least 1")
        try require((maxConnectionsPerAddress ?? 1) >= 1, "maxConnectionsPerAddress", "at least 1, or nil for no limit")
        try require((4096...(64 << 20)).contains(socketSendBufferBytes), "socketSendBufferBytes", "4096...67108864")
        for (field, timeout) in [
            ("headerReadTimeout", headerReadTimeout), ("keepAliveIdleTimeout", keepAliveIdleTimeout),
            ("writeTimeout", writeTimeout), ("lingeringCloseTimeout", lingeringCloseTimeout),
        ] {
            try require(timeout > .zero, field, "a positive duration")
        }
        try require(shutdownGracePeriod >= .zero, "shutdownGracePeriod", "zero or a positive duration")
        try require(shutdownClosingTime >= .zero, "shutdownClosingTime", "zero or a positive duration")
    }
}
