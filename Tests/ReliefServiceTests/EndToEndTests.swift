import Foundation
import ReliefHTTPServer
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// The application behind the real server on a kernel-chosen loopback port.
final class ServedApplication {
    let application: ReliefApplication
    let server: HTTPServer
    let port: Int

    /// Serves `application` with its hooks installed as `relief serve` does, after `configure` has
    /// changed the server's limits.
    init(_ application: ReliefApplication, configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        self.application = application
        server = HTTPServer(configuration: application.serverConfiguration(configure), handler: application)
        port = try server.start()
    }

    func exchange(_ target: String, method: String = "GET", headers: [(name: String, value: String)] = []) throws
        -> LoopbackExchange
    {
        try LoopbackExchange(port: port, method: method, target: target, headers: headers)
    }

    deinit {
        server.shutdown()
    }
}

@Suite("End to end over loopback sockets")
struct EndToEndTests {
    @Test func getRenderIsAPNGOfItsScenesPixelSize() throws {
        let served = try ServedApplication(ReliefApplication.forTesting())
        let reply = try served.exchange("/render?style=colorful&size=50&scale=2")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "image/png")
        #expect(reply.header("Content-Length") == String(reply.body.count))
        let image = try PNGDecoder.decode(reply.body)
        let spec = try RenderSpec.parse(query: "style=colorful&size=50&scale=2")
        let pixels = try Renderer().servedScreen(of: spec).pixels
        #expect(image.width == pixels.width && image.height == pixels.height)
    }

    @Test func ifNoneMatchIs304WithoutABody() throws {
        let served = try ServedApplication(ReliefApplication.forTesting())
        let first = try served.exchange("/render?component=well&style=soft")
        let tag = try #require(first.header("ETag"))
        let second = try served.exchange("/render?component=well&style=soft", headers: [("If-None-Match", tag)])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.header("ETag") == tag)
    }

    @Test func headHasTheHeadersOfGetAndNoBody() throws {
        let served = try ServedApplication(ReliefApplication.forTesting())
        let get = try served.exchange("/render?component=card&width=40&height=40")
        let head = try served.exchange("/render?component=card&width=40&height=40", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        for name in [
            "Content-Type", "Content-Length", "ETag", "Cache-Control", "X-Content-Type-Options",
            "Access-Control-Allow-Origin",
        ] {
            #expect(head.header(name) == get.header(name), "\(name)")
        }
    }

    @Test func aRefusedQueryIsProblemJSONForCurl() throws {
        let served = try ServedApplication(ReliefApplication.forTesting())
        let reply = try served.exchange("/render?size=2000", headers: [("Accept", "*/*")])
        #expect(reply.status == 400)
        #expect(reply.header("Content-Type") == "application/problem+json")
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        #expect(problem["parameter"] as? String == "size")
        #expect(problem["allowed"] as? String == "a number from 16 to 1024")
    }

    @Test func aRefusedQueryIsAPictureForABrowserImage() throws {
        let served = try ServedApplication(ReliefApplication.forTesting())
        let reply = try served.exchange("/render?style=neon", headers: browserImageAccept)
        #expect(reply.status == 400)
        #expect(reply.header("Content-Type") == "image/png")
        #expect(reply.header("Vary") == "Accept")
        let image = try PNGDecoder.decode(reply.body)
        #expect(image.width > 100 && image.height > 40)
    }

    @Test func metricsCountTheServersOpenConnections() throws {
        let reference = ServerReference()
        let application = ReliefApplication(
            openConnections: { reference.openConnections },
            render: CountingRender().function)
        let served = try ServedApplication(application)
        reference.bind(served.server)
        let reply = try served.exchange("/metrics")
        let text = String(decoding: reply.body, as: UTF8.self)
        // The connection asking is open while it is answered.
        #expect(text.contains("relief_http_open_connections 1\n"), "\(text)")
    }
}
