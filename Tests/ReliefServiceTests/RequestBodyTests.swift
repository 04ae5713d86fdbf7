import Foundation
import ReliefHTTPServer
import Testing

@testable import HTTPServerTestSupport
@testable import ReliefService

/// What the service makes of request bodies, which the server reads for every request: a route
/// declares ``ServiceRoute/Methods/post`` to take one; the others answer as they always do.
@Suite("Request bodies and the routes' methods")
struct RequestBodyTests {
    @Test func aPOSTWithABodyToAReadingRouteIs405AndTheRequestBehindItIsServed() throws {
        let served = MemoryServedApplication(ReliefApplication.forTesting(render: CountingRender().function))
        let client = served.connect()
        let layout = "VStack {\n  Toggle(\"Wi-Fi\", isOn: true)\n}\n"
        client.send(
            "POST /render?style=dark HTTP/1.1\r\nHost: test\r\nContent-Length: \(layout.utf8.count)\r\n\r\n" + layout)
        client.send(gets: ["/metrics"])
        let refused = try #require(served.awaitResponse(of: client))
        #expect(refused.status == 405)
        #expect(refused.header("Allow") == "GET, HEAD")
        let problem = try #require((try? JSONSerialization.jsonObject(with: Data(refused.body))) as? [String: Any])
        #expect(problem["detail"] as? String == "the method \"POST\" is not served here; use GET or HEAD")
        #expect(served.awaitResponse(of: client)?.status == 200)
    }

    /// A `GET`'s body has no meaning (RFC 9110 §9.3.1): it is read, so the stream stays framed, and ignored.
    @Test func aGETsBodyIsIgnored() {
        let served = MemoryServedApplication(ReliefApplication.forTesting(render: CountingRender().function))
        let client = served.connect()
        client.send("GET /metrics HTTP/1.1\r\nHost: test\r\nContent-Length: 4\r\n\r\njunk")
        client.send(gets: ["/openapi.json"])
        let metrics = served.awaitResponse(of: client)
        #expect(metrics?.status == 200)
        #expect(metrics?.text.contains("relief_http_open_connections") == true)
        #expect(served.awaitResponse(of: client)?.header("Content-Type") == "application/json")
    }

    @Test func aRouteThatDeclaresPOSTAnswersItAndAllowsIt() {
        let methods: ServiceRoute.Methods = [.read, .post]
        #expect(methods.contains(method: "POST"))
        #expect(!methods.contains(method: "post"))
        #expect(!ServiceRoute.Methods.read.contains(method: "POST"))
        #expect(methods.allowHeader == "GET, HEAD, POST")
        #expect(
            ProblemDetails.methodNotAllowed("PUT", allowed: methods.names).detail
                == "the method \"PUT\" is not served here; use GET, HEAD or POST")
        #expect(ServiceRoute.Methods.post.allowHeader == "POST")
    }
}
