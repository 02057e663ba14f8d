/// The page's one style sheet, inline. Colours come from variables that a dark system theme and
/// print each set; the palette is Okabe and Ito's, which stays distinct to the colour-blind, and
/// every series differs from its neighbours in dash or marker as well.
enum PageStyle {
    static let css = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#5f6368;--rule:#d0d4d9;--plot:#fbfbfc;--grid:#e3e6ea;\
        --c0:#0072b2;--c1:#d55e00;--c2:#009e73;--c3:#cc79a7;--c4:#b07800;--c5:#7a7f87;--bad:#c4320a;--good:#00805c;--warn:#9a6700}
        @media (prefers-color-scheme:dark){:root{--bg:#17181a;--fg:#e8eaed;--muted:#a6abb2;--rule:#3c4043;--plot:#1e2023;\
        --grid:#33363a;--c0:#56b4e9;--c1:#ff8a4c;--c2:#3fd0a4;--c3:#e6a0cd;--c4:#f0c040;--c5:#a6abb2;--bad:#ff7b5c;\
        --good:#4fd6a8;--warn:#f0c040}}
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:1100px;padding:1.5rem 2rem 3rem;background:var(--bg);color:var(--fg);\
        font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
        h1{font-size:1.5rem;margin:0 0 .3rem}h2{font-size:1.2rem;margin:2.2rem 0 .6rem;border-bottom:1px solid var(--rule);padding-bottom:.2rem}
        h3{font-size:1rem;margin:1.6rem 0 .4rem;overflow-wrap:anywhere}
        p,li{max-width:75ch}.muted,figcaption,caption{color:var(--muted)}
        code{font:.85em ui-monospace,"DejaVu Sans Mono",monospace;overflow-wrap:anywhere}
        nav ul{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;padding:0;list-style:none}nav a{color:var(--c0)}
        figure{margin:1rem 0 2rem;break-inside:avoid}figcaption{font-size:.9rem;margin:.3rem 0 .6rem;max-width:90ch}
        .charts{display:grid;gap:.8rem}
        svg.chart{display:block;width:100%;max-width:760px;height:auto}
        svg text{font-size:11px;fill:var(--fg);font-family:system-ui,"DejaVu Sans",sans-serif}
        svg .tick,svg .row-note,svg .empty-note{fill:var(--muted)}svg .axis-label{font-size:12px;font-weight:600}
        .plot{fill:var(--plot);stroke:var(--rule)}.grid{fill:none;stroke:var(--grid);stroke-width:.6}
        .zero{stroke:var(--muted);stroke-width:1}
        .c0{color:var(--c0)}.c1{color:var(--c1)}.c2{color:var(--c2)}.c3{color:var(--c3)}.c4{color:var(--c4)}.c5{color:var(--c5)}
        .series,.sample,.whisker,.reference path,.median{fill:none;stroke:currentColor}.series{stroke-width:1.8;stroke-linejoin:round}
        .sample{stroke-width:2}.median{stroke-width:2.5}.reference path{stroke-width:1.3}
        .dashed .series,.dashed .sample,.reference.dashed path{stroke-dasharray:6 3}
        .marker{fill:currentColor;stroke:currentColor;stroke-width:1.4}
        .box{fill:currentColor;fill-opacity:.35;stroke:currentColor}.band{fill:currentColor;fill-opacity:.16}
        .bar{fill:currentColor;fill-opacity:.75}
        svg .reference-label,svg .marker-label{font-size:10.5px;fill:currentColor}
        table{border-collapse:collapse;font-size:.82rem;margin:.4rem 0 1rem;display:block;overflow-x:auto;max-width:100%}
        caption{text-align:left;font-size:.85rem;padding:.2rem 0}
        th,td{padding:.2rem .6rem;border-bottom:1px solid var(--rule);text-align:left;vertical-align:top}
        thead th{border-bottom:2px solid var(--rule);white-space:nowrap}td.number{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        tbody th{font-weight:500;overflow-wrap:anywhere;min-width:18ch;max-width:36ch}
        .regression{color:var(--bad);font-weight:600}.improvement{color:var(--good)}.warning{color:var(--warn)}
        .note{border-left:3px solid var(--warn);padding:.3rem .8rem;max-width:90ch}
        dl.environment{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;font-size:.9rem}
        dl.environment dt{color:var(--muted)}dl.environment dd{margin:0;overflow-wrap:anywhere}
        @media print{:root{color-scheme:light;--bg:#fff;--fg:#000;--muted:#444;--rule:#bbb;--plot:#fff;--grid:#ddd;\
        --c0:#0072b2;--c1:#d55e00;--c2:#009e73;--c3:#cc79a7;--c4:#b07800;--c5:#666}body{font-size:10pt;max-width:none;padding:0}\
        nav{display:none}h2{break-after:avoid}table{font-size:8pt;display:table}svg.chart{max-width:17cm}}
        """
}
