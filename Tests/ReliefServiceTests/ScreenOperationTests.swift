import Foundation
import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

/// `/openapi.json`'s `/screen` operation: its settings' rules as they hold on a screen, the groups of
/// the editor's form, and the gallery's screens with ready URLs, alt text and sizes.
@Suite("/openapi.json's /screen")
struct ScreenOperationTests {
    /// The `/screen` operation of the served document.
    func operation(_ app: ReliefApplication) async throws -> [String: Any] {
        let response = await app.response("/openapi.json")
        let paths = try #require(response.jsonObject?["paths"] as? [String: Any])
        return try #require((paths["/screen"] as? [String: Any])?["get"] as? [String: Any])
    }

    func parameters(_ operation: [String: Any]) throws -> [String: [String: Any]] {
        let list = try #require(operation["parameters"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
    }

    /// A setting applies wherever some element may use it: nothing names a component, a label or
    /// `dark`, which a screen's query does not set; what depends on another setting stays.
    @Test func aSettingAppliesWhereverAnElementMayUseIt() async throws {
        let parameters = try parameters(try await operation(.forTesting()))
        for name in ["style", "font", "lang", "textsize", "accent", "animate", "scale", "simulate"] {
            #expect(parameters[name]?["x-relief-applies"] == nil, "\(name)")
        }
        for name in ["fps", "loop"] {
            let applies = try #require(parameters[name]?["x-relief-applies"] as? [String: Any])
            #expect(applies["parameter"] as? String == "animate" && applies["in"] as? [String] == ["true"])
        }
        let document = String(decoding: OpenAPIDocument.screenParameters.map { $0.serialized() }.joined(), as: UTF8.self)
        for outside in ["\"component\"", "\"label\"", "\"icon\"", "\"dark\""] {
            #expect(!document.contains("\"parameter\":\(outside)"), "\(outside) is no setting of a screen")
        }
        // The style's own defaults stay; the margin has none: the server's scene decides it.
        let intensity = try #require(parameters["intensity"]?["x-relief-defaults"] as? [[String: Any]])
        #expect(intensity.count == 3)
        #expect(parameters["margin"]?["x-relief-defaults"] == nil)
    }

    /// The form's groups are those holding a setting, in the table's order, every setting in one of them.
    @Test func theGroupsHoldEverySetting() async throws {
        let operation = try await operation(.forTesting())
        let groups = try #require(operation["x-relief-groups"] as? [[String: String]])
        let ids = groups.compactMap { $0["id"] }
        #expect(ids == ParameterGroup.allCases.map(\.rawValue).filter(ids.contains))
        #expect(groups.first == ["id": "subject", "legend": "Screen"])
        let used = try parameters(operation).values.compactMap { $0["x-relief-group"] as? String }
        #expect(Set(used) == Set(ids))
    }

    /// Every screen of the gallery with its layout, and each picture's URL: the layout as `source`,
    /// then the picture's query; its alt text from the captions and its size in points.
    @Test func theGalleryGivesEachScreenItsURLsAltTextAndSize() async throws {
        let app = ReliefApplication.forTesting(cacheBytes: 16 << 20)
        let gallery = try #require(try await operation(app)["x-relief-gallery"] as? [String: Any])
        let entries = try #require(gallery["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == ScreenShowcase.entries.map(\.name))
        for (entry, showcased) in zip(entries, ScreenShowcase.entries) {
            #expect(entry["caption"] as? String == showcased.caption)
            #expect(entry["layout"] as? String == showcased.layout)
            let pictures = try #require(entry["pictures"] as? [[String: Any]])
            #expect(pictures.compactMap { $0["query"] as? String } == showcased.pictures.map(\.query))
            for (picture, shown) in zip(pictures, showcased.pictures) {
                let url = try #require(picture["url"] as? String)
                let query = try #require(url.split(separator: "?", maxSplits: 1).last.map(String.init))
                #expect(url.hasPrefix("/screen?source="))
                let request = try ScreenRequest.parse(query: query)
                #expect(
                    request.canonicalText
                        == (try ScreenRequest.parse(query: "source=" + ScreenSource.encode(showcased.layout))).canonicalText)
                #expect(query.hasSuffix(shown.query))
                #expect(picture["alt"] as? String == showcased.caption + " (" + shown.caption + ")")
                #expect((picture["width"] as? Int ?? 0) > 0 && (picture["height"] as? Int ?? 0) > 0)
            }
        }
        // A picture's size is its answer's pixels over its scale.
        let menuCell = try #require(entries.last?["pictures"] as? [[String: Any]])
        for picture in menuCell.prefix(2) {
            let response = await app.response(try #require(picture["url"] as? String))
            #expect(response.status == 200)
            let pixels = DescribeRouteTests().pngSize(response.body)
            #expect(pixels.width == picture["width"] as? Int && pixels.height == picture["height"] as? Int)
        }
    }
}
