import ReliefGeometry
import ReliefSpec
import Testing
@testable import ReliefScene

@Suite("contrast=high variants")
struct ContrastVariantTests {
    @Test(arguments: RenderSpec.Style.allCases)
    func standardContrastIsTheArticlesRecipe(style: RenderSpec.Style) {
        for isActive in [false, true] {
            #expect(style.recipes(contrast: .standard).surface(.circle, isActive: isActive)
                == style.recipes.surface(.circle, isActive: isActive))
        }
    }

    @Test(arguments: RenderSpec.Style.allCases)
    func highContrastChangesEveryStyleAtRestAndPressed(style: RenderSpec.Style) {
        for isActive in [false, true] {
            #expect(style.recipes(contrast: .high).surface(.circle, isActive: isActive)
                != style.recipes.surface(.circle, isActive: isActive))
        }
        #expect(style.recipes(contrast: .high).well(.capsule, depth: .deep) != style.recipes.well(.capsule, depth: .deep))
    }

    @Test func thePaleStylesGetAStrongerIconAndAnOutline() {
        for style in [RenderSpec.Style.light, .soft] {
            let high = style.recipes(contrast: .high)
            #expect(high.foreground(isActive: false) == Palette.strongGray)
            #expect(high.stateLabelColors.on == Palette.strongGreen)
        }
        let light = RenderSpec.Style.light.recipes(contrast: .high).surface(.circle, isActive: false)
        guard case .shadow(.shadow(.overlay(_, .stroke(.circle, .color(let ring), 4)), _), _) = light else {
            Issue.record("expected fill().overlay(stroke).shadow().shadow(), got \(light)")
            return
        }
        #expect(ring == Palette.outlineGray)
    }
}
