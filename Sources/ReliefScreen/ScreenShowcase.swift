/// The gallery's screens (SPEC §14): the seeds' own panels, each one layout drawn with one or more
/// queries. The playground's gallery, `make bench` and the tests read them here.
public enum ScreenShowcase {
    /// One screen of the gallery.
    public struct Entry: Sendable, Hashable {
        /// A short name, used in file names.
        public let name: String
        /// What the screen is, in words.
        public let caption: String
        /// The layout text.
        public let layout: String
        /// How it is drawn, side by side: each a caption and the query beside `source`.
        public let pictures: [Picture]
    }

    /// One drawing of a screen.
    public struct Picture: Sendable, Hashable {
        public let caption: String
        public let query: String
    }

    /// The music player of seed 004's series, in its soft style; the transport controls are the
    /// seeds' round buttons, with a progress bar, a volume slider, a shuffle toggle, a switch and a
    /// tab bar: about ten elements.
    public static let musicPlayer = Entry(
        name: "music-player", caption: "A music player's controls, seed 004's soft style",
        layout: """
            VStack(spacing: 20) {
                Text("Now playing").font(.headline)
                Text("Soft UI, track 4").font(.subheadline)
                ProgressView(value: 0.35)
                HStack(spacing: 16) {
                    Button(icon: .pause, size: 64)
                    Button(icon: .play, pressed: true)
                    Button(icon: .plus, size: 64)
                }
                Slider(value: 0.4)
                HStack(spacing: 24) {
                    Toggle("Shuffle", isOn: true, shape: .capsule, width: 120, height: 48)
                    Switch(isOn: true, width: 120, height: 48, knob: 16, padding: 8)
                }
                TabBar(tabs: [.play, .star, .bell], selected: 1)
            }
            .padding(24)
            """,
        pictures: [Picture(caption: "soft, at scale 2", query: "style=soft&scale=2")])

    /// The settings of seeds 000 and 001 in their accessible colorful style.
    public static let settings = Entry(
        name: "settings", caption: "Settings in the accessible colorful style, seeds 000 and 001",
        layout: """
            VStack(alignment: .leading, spacing: 16) {
                Text("Settings").font(.title)
                HStack(spacing: 12) {
                    Text("Notifications")
                    Spacer()
                    Switch(isOn: true, width: 100, height: 44, knob: 10, padding: 6)
                }
                Divider()
                Checkbox("Sounds", isOn: true)
                Radio("Vibrate only")
                Picker(segments: "Day,Week,Month", selected: 2)
                TextField("Search settings")
            }
            .padding(24)
            .frame(width: 390)
            """,
        pictures: [Picture(caption: "colorful", query: "style=colorful")])

    /// Seed 002's menu cell: a row at the default text size that becomes a column at AX3, the
    /// picture above the name, with a divider between cells; and how the large one looks to poor sight.
    public static let menuCell = Entry(
        name: "menu-cell", caption: "Seed 002's menu cell, at the default text size and at AX3",
        layout: """
            VStack(alignment: .leading, spacing: 12) {
                AdaptiveStack(alignment: .topLeading, spacing: 16) {
                    Card(width: 96, height: 96, radius: 48)
                    VStack(alignment: .leading, spacing: 6) {
                        Text("Margherita").font(.headline)
                        Text("Tomato sauce, mozzarella, basil").font(.subheadline)
                        Button("from 7 €", shape: .capsule, width: 120, height: 44)
                    }
                }
                Divider()
            }
            .padding(20)
            .frame(width: 390)
            """,
        pictures: [
            Picture(caption: "default text size", query: ""),
            Picture(caption: "AX3", query: "textsize=ax3"),
            Picture(caption: "AX3, as low vision sees it", query: "textsize=ax3&simulate=lowvision"),
        ])

    /// A sign-in form as a SwiftUI developer writes it: a bold title and a secondary line, the fields
    /// the width of the card that holds them, a centred button, the light style.
    public static let signIn = Entry(
        name: "sign-in", caption: "A sign-in form written as in SwiftUI, its fields the card's width",
        layout: """
            VStack(alignment: .leading, spacing: 16) {
                Text("Welcome back").font(.largeTitle).bold()
                Text("Sign in to pick up where you left off.").foregroundStyle(.secondary)
                Card {
                    VStack(alignment: .leading, spacing: 12) {
                        TextField("Email")
                        TextField("Password")
                        Checkbox("Remember me", isOn: true)
                    }
                    .padding(20)
                }
                Button("Sign in", shape: .capsule, width: 160, height: 48)
                    .frame(maxWidth: .infinity)
                Text("Forgot your password?")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .frame(maxWidth: .infinity)
            }
            .padding(.horizontal, 24)
            .padding(.vertical, 32)
            """,
        pictures: [
            Picture(caption: "light", query: "style=light"),
            Picture(caption: "AX2", query: "style=light&textsize=ax2"),
        ])

    /// A settings form as a SwiftUI developer writes it: every control the column's width, a row
    /// whose switch ends at the trailing padding, a sunken panel of sliders, the dark style.
    public static let settingsForm = Entry(
        name: "settings-form", caption: "A settings form written as in SwiftUI, every control the column's width",
        layout: """
            VStack(alignment: .leading, spacing: 20) {
                Text("Preferences").font(.title2).bold()
                TextField("Email")
                Picker(segments: "Day,Week,Month")
                Well {
                    VStack(alignment: .leading, spacing: 12) {
                        Text("Volume").font(.headline)
                        Slider(value: 0.5)
                        ProgressView(value: 0.3)
                    }
                    .padding(16)
                }
                HStack {
                    Text("Dark mode")
                    Spacer()
                    Switch(isOn: false)
                }
                Text("Changes apply to every device signed in to this account.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .lineLimit(2)
                TabBar(tabs: "heart,star,bell")
            }
            .padding(32)
            """,
        pictures: [Picture(caption: "dark", query: "style=dark")])

    /// Every screen of the gallery, in order.
    public static let entries = [musicPlayer, settings, menuCell, signIn, settingsForm]
}
